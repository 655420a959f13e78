import type { MiddlewareObj } from '@middy/core';
import { logger } from '../adapters/logger';
import { UnauthorizedError } from '../domain/errors';
import * as z from '../domain/zod';
import { type SessionState, sessionStateOf } from '../entities/profile';
import type { ApiEvent, ApiResult } from './api-function';
import { apiTokenUses, epochNow, poolTokenProblem, type TokenUse } from './pool-tokens';

/**
 * API Gateway's JWT authorizer checks only a token's signature, issuer, audience and expiry, so
 * on its own it accepts a token for its whole life after a password reset signed the user out
 * everywhere, or after ops closed the account, and it does not hold a token to what the pool issues.
 * Every request that carries verified claims is therefore checked here, before its handler runs:
 * - the token is one the pool issues (runtime/pool-tokens.ts): an ID or access token, with an
 *   `exp` still ahead, an `iat` not in the future, and no longer a life than the pool gives, so
 *   a token minted with a stolen signing key cannot live for years;
 * and then against the account as it is now, with one strongly consistent GetItem of the profile's
 * session state (no call to Cognito on every request: its quota and its latency):
 * - the profile exists and is not closed (`closed_at`, written by `npm run close-account`, which
 *   also signs the person out of Cognito and, with --delete, removes them from the pool);
 * - the token's sign-in (`auth_time`) is not older than the last time the account's sessions were
 *   revoked (`sessions_revoked_at`, written by the password reset and by closing the account).
 * A person removed from the pool by other means (the console) keeps a working token until it
 * expires (15 minutes): people are removed with `npm run close-account` (README).
 * The realtime channels' Lambda authorizer runs this same check (runtime/realtime-authorizer.ts).
 */
const sessionClaims = z.object({
  sub: z.string().check(z.minLength(1)),
  auth_time: z.coerce.number().check(z.int(), z.nonnegative()),
});

function claimsOf(event: ApiEvent): unknown {
  return 'authorizer' in event.requestContext ? event.requestContext.authorizer?.jwt?.claims : undefined;
}

/**
 * Refuses (401) a verified token the pool would not have issued (or not of the kinds `accepted`),
 * whose session has since been revoked, or whose account is closed or gone. Answers the caller and
 * the account's session state (the realtime authorizer needs its epoch: lambdas/events/authorizer.ts).
 */
export async function assertLiveSession(
  claims: unknown,
  accepted: readonly TokenUse[] = apiTokenUses,
): Promise<{ sub: string; session: SessionState }> {
  const problem = poolTokenProblem(claims, accepted, epochNow());
  if (problem) {
    logger.info('Token refused', { reason: problem });
    throw new UnauthorizedError('Unauthorized');
  }
  const parsed = sessionClaims.safeParse(claims);
  if (!parsed.success) throw new UnauthorizedError('Unauthorized');
  const { sub, auth_time: authTime } = parsed.data;
  const session = await sessionStateOf(sub);
  if (!session || session.closed_at !== undefined) throw new UnauthorizedError('Unauthorized');
  if (session.sessions_revoked_at !== undefined && authTime < session.sessions_revoked_at) {
    throw new UnauthorizedError('Unauthorized');
  }
  return { sub, session };
}

/** The middleware form: runs only on requests the JWT authorizer let through (protected routes). */
export function liveSession(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      const claims = claimsOf(request.event);
      if (claims !== undefined) await assertLiveSession(claims);
    },
  };
}
