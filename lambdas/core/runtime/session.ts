import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { MiddlewareObj } from '@middy/core';
import * as z from 'zod';
import { cognito } from '../adapters/aws';
import { requireEnv } from '../adapters/env';
import { UnauthorizedError } from '../domain/errors';
import { getProfile } from '../entities/profile';
import type { ApiEvent, ApiResult } from './api-function';

/**
 * API Gateway's JWT authorizer checks only a token's signature, issuer, audience and expiry, so
 * on its own it accepts a token for its whole life after a password reset signed the user out
 * everywhere, or after the user was deleted or disabled. Every request that carries verified
 * claims is therefore checked against the account as it is now, before its handler runs:
 * - the profile exists, and the token's sign-in (`auth_time`) is not older than the last time
 *   the account's sessions were revoked (`sessions_revoked_at`, written by the password reset);
 * - Cognito still has the user, enabled.
 * The two reads run side by side, so the check costs one round trip.
 */
const sessionClaims = z.object({
  sub: z.string().min(1),
  'cognito:username': z.string().min(1).optional(),
  auth_time: z.coerce.number().int().nonnegative(),
});

function claimsOf(event: ApiEvent): unknown {
  return 'authorizer' in event.requestContext ? event.requestContext.authorizer?.jwt?.claims : undefined;
}

async function cognitoUserEnabled(username: string): Promise<boolean> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: requireEnv('userPoolId'), Username: username }));
    return user.Enabled !== false;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

/** Refuses (401) a verified token whose session has since been revoked, or whose account is gone. */
export async function assertLiveSession(claims: unknown): Promise<void> {
  const parsed = sessionClaims.safeParse(claims);
  if (!parsed.success) throw new UnauthorizedError('Unauthorized');
  const { sub, auth_time: authTime } = parsed.data;
  const [profile, enabled] = await Promise.all([getProfile(sub), cognitoUserEnabled(parsed.data['cognito:username'] ?? sub)]);
  if (!profile || !enabled) throw new UnauthorizedError('Unauthorized');
  if (profile.sessions_revoked_at !== undefined && authTime < profile.sessions_revoked_at) {
    throw new UnauthorizedError('Unauthorized');
  }
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
