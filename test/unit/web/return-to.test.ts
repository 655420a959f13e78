import { describe, expect, it } from 'vitest';
import { paths, safeReturnTo } from '../../../web/src/config/paths';

describe('returnTo: where the PIN and bank pages send the person back', () => {
  it.each(['/dashboard', '/contract-analytics/01JCONTRACT', '/bank-info?returnTo=%2Fdashboard', '/my-account?tab=devices'])(
    'accepts the path %s on this site',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    '\\\\evil.com',
    'https://evil.com/dashboard',
    'http:/evil.com',
    'javascript:alert(1)',
    'dashboard',
    '/\t/evil.com',
    '/\n/evil.com',
    '/ /evil.com',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeUndefined();
  });

  it('puts a safe returnTo in the PIN and bank links, and leaves an unsafe one out', () => {
    expect(paths.resetPin.getHref('/dashboard')).toBe('/reset-pin?returnTo=%2Fdashboard');
    expect(paths.bankInfo.getHref('/contract-analytics/42')).toBe('/bank-info?returnTo=%2Fcontract-analytics%2F42');
    expect(paths.bankInfo.getHref('//evil.com')).toBe('/bank-info');
    expect(paths.resetPin.getHref('https://evil.com')).toBe('/reset-pin');
    expect(paths.resetPin.getHref()).toBe('/reset-pin');
  });
});
