import * as z from '../domain/zod';

/**
 * How long the user pool's ID and access tokens live, in minutes: the deployed pool (CDK) and the
 * local Cognito issue them with these (lib/user-pool-settings.ts, which says why 15), and every
 * check of a token bounds its life by them, so the three cannot drift.
 */
export const tokenValidityMinutes = { id: 15, access: 15 } as const;

export type TokenUse = keyof typeof tokenValidityMinutes;

/** Every kind of token the pool issues. */
export const poolTokenUses: readonly TokenUse[] = ['id', 'access'];

/** How far a token's `iat` may be ahead of this machine's clock: the issuer's clock and ours differ a little. */
export const tokenClockSkewSeconds = 5 * 60;

/**
 * The tokens the HTTP API takes, as its JWT authorizer does: the ID token the web app sends (aud =
 * the app client) and the access token of the same sign-in (client_id = the app client).
 */
export const apiTokenUses: readonly TokenUse[] = ['id', 'access'];

/** The tokens the realtime channels take: the access token, which the web app's realtime client sends. */
export const realtimeTokenUses: readonly TokenUse[] = ['access'];

// Numbers in a verified token; strings in the claims API Gateway hands a function.
const epochSeconds = z.coerce.number().check(z.int(), z.nonnegative());

const poolTokenClaims = z.object({
  token_use: z.enum(['id', 'access']),
  exp: epochSeconds,
  iat: epochSeconds,
});

/**
 * Why a token whose signature, issuer and audience were verified is still not one the pool issues,
 * or undefined when it is: a signature check leaves `exp` optional and `iat` unchecked, so a token
 * minted with the pool's key could otherwise live forever or start in the future.
 * - `token_use` is one of `accepted`;
 * - `exp` is present and still ahead;
 * - `iat` is present and not ahead of now by more than {@link tokenClockSkewSeconds};
 * - `exp - iat` is no longer than the pool gives that kind of token ({@link tokenValidityMinutes}).
 */
export function poolTokenProblem(claims: unknown, accepted: readonly TokenUse[], nowSeconds: number): string | undefined {
  const parsed = poolTokenClaims.safeParse(claims);
  if (!parsed.success) return 'token_use, exp or iat missing or malformed';
  const { token_use: use, exp, iat } = parsed.data;
  if (!accepted.includes(use)) return `token_use ${use} not accepted here`;
  if (exp <= nowSeconds) return 'expired';
  if (iat > nowSeconds + tokenClockSkewSeconds) return 'issued in the future';
  if (exp <= iat || exp - iat > tokenValidityMinutes[use] * 60) return 'lifetime longer than the pool issues';
  return undefined;
}

/** Seconds since the epoch, as token claims count time. */
export function epochNow(): number {
  return Math.floor(Date.now() / 1000);
}
