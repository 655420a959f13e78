import { afterAll, afterEach, expect } from 'vitest';
import { type AccessDenial, takeAccessDenials } from '../../lib/local/iam/authority';

/**
 * Every test against the local cloud fails on a request its IAM refused that the test did not
 * provoke and take (`cloud.iam.takeDenials()`): a function missing a permission is found by the
 * first test that runs it, even where the product only logs the failure (an email not sent).
 * Enforcement itself is never off.
 */
const describe = (d: AccessDenial) => `${d.principal} may not ${d.action} on ${d.resource}`;

afterEach(() => {
  expect(takeAccessDenials().map(describe), 'requests the local cloud refused (IAM)').toEqual([]);
});

afterAll(() => {
  expect(takeAccessDenials().map(describe), 'requests the local cloud refused (IAM) after the last test').toEqual([]);
});
