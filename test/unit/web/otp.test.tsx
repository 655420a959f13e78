// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isCompleteOtp, sanitizeOtp } from '../../../web/src/features/auth/otp';

describe('OTP input', () => {
  it('keeps digits only', () => {
    expect(sanitizeOtp('12 3-4a5')).toBe('12345');
    expect(sanitizeOtp('abc')).toBe('');
  });

  it('keeps at most 6 digits (a pasted longer code is cut)', () => {
    expect(sanitizeOtp('1234567890')).toBe('123456');
  });

  it('is complete with exactly 6 digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('1234567')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
  });
});
