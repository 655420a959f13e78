import { describe, expect, it } from 'vitest';
import {
  apiTokenUses,
  poolTokenProblem,
  tokenClockSkewSeconds,
  tokenValidityMinutes,
} from '../../lambdas/core/runtime/pool-tokens';
import { userPoolSettings } from '../../lib/user-pool-settings';

/** The edges of the rules the API, the functions and the realtime channels hold a pool token to. */
const now = 1_800_000_000;
const idLife = tokenValidityMinutes.id * 60;
const token = (claims: Record<string, unknown>) => ({ token_use: 'id', iat: now, exp: now + idLife, ...claims });

describe('poolTokenProblem', () => {
  it('takes a token as the pool issues it, with numbers or with the strings API Gateway hands a function', () => {
    expect(poolTokenProblem(token({}), apiTokenUses, now)).toBeUndefined();
    expect(poolTokenProblem(token({ iat: String(now), exp: String(now + idLife) }), apiTokenUses, now)).toBeUndefined();
    const access = { token_use: 'access', iat: now, exp: now + tokenValidityMinutes.access * 60 };
    expect(poolTokenProblem(access, apiTokenUses, now)).toBeUndefined();
  });

  it('refuses a token without exp, without iat or without token_use', () => {
    for (const missing of ['exp', 'iat', 'token_use']) {
      const claims: Record<string, unknown> = token({});
      delete claims[missing];
      expect(poolTokenProblem(claims, apiTokenUses, now), missing).toBeDefined();
    }
  });

  it('refuses a token_use the caller does not take', () => {
    expect(poolTokenProblem(token({ token_use: 'foo' }), apiTokenUses, now)).toBeDefined();
    expect(poolTokenProblem(token({}), ['access'], now)).toBeDefined();
  });

  it('refuses a token at its exp, and takes it the second before', () => {
    expect(poolTokenProblem(token({}), apiTokenUses, now + idLife)).toBeDefined();
    expect(poolTokenProblem(token({}), apiTokenUses, now + idLife - 1)).toBeUndefined();
  });

  it('takes an iat up to the clock skew ahead of now, and refuses one a second further', () => {
    const ahead = (seconds: number) => token({ iat: now + seconds, exp: now + seconds + 60 });
    expect(poolTokenProblem(ahead(tokenClockSkewSeconds), apiTokenUses, now)).toBeUndefined();
    expect(poolTokenProblem(ahead(tokenClockSkewSeconds + 1), apiTokenUses, now)).toBeDefined();
  });

  it('refuses a token that lives a second longer than the pool gives, or not at all', () => {
    expect(poolTokenProblem(token({ exp: now + idLife + 1 }), apiTokenUses, now)).toBeDefined();
    expect(poolTokenProblem(token({ exp: now + 10 * 365 * 86_400 }), apiTokenUses, now)).toBeDefined();
    expect(poolTokenProblem(token({ iat: now + 60, exp: now + 60 }), apiTokenUses, now)).toBeDefined();
  });

  it('bounds lifetimes by the very numbers the pool is configured with (CDK and the local Cognito)', () => {
    expect(userPoolSettings.idTokenValidityMinutes).toBe(tokenValidityMinutes.id);
    expect(userPoolSettings.accessTokenValidityMinutes).toBe(tokenValidityMinutes.access);
  });
});
