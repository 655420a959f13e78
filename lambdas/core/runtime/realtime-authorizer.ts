import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { personalChannel } from '../adapters/events';
import { logger } from '../adapters/logger';
import { verifiedAccessTokenClaims } from '../adapters/token-verifier';
import { UnauthorizedError } from '../domain/errors';
import * as z from '../domain/zod';
import { sessionEpoch } from '../entities/profile';
import { realtimeTokenUses } from './pool-tokens';
import { assertLiveSession } from './session';

/**
 * The Event API's Lambda authorizer (AWS_LAMBDA, for connect and subscribe): the same live-session
 * check as the API's (runtime/session.ts), so a token of a sign-in a password reset revoked, or of
 * a closed account, opens no connection and no subscription, from the moment of the revocation.
 *
 * Why not the user pool authorizer AppSync offers: it checks a token's signature and expiry only,
 * as API Gateway's does. Cognito's GlobalSignOut / AdminUserGlobalSignOut revoke refresh tokens
 * and the pool's own API, and AWS's docs say plainly that other requests may stay valid until the
 * token expires; Amplify's say revoked access and ID tokens remain valid with AppSync. So AppSync
 * would keep taking a revoked token for the rest of its 15 minutes.
 *
 * What it takes, as AppSync sends it: the token the client put in `Authorization`, and the
 * operation with, for a subscribe, its channel. A subscribe is allowed only to the person's own
 * channel of the account's current session epoch (adapters/events.ts `personalChannel`), which a
 * revocation moves: AppSync has no way to close a subscription from the server, so one opened
 * before a revocation is ended by nothing being published to it again. Publishing is IAM's alone;
 * this never allows it.
 *
 * Every answer carries `ttlOverride: 0` (and CDK sets the authorizer's cache to 0: lib/realtime.ts),
 * because AppSync would otherwise reuse an "allowed" for a token after its session was revoked.
 */
const authorizerEvent = z.object({
  authorizationToken: z.string(),
  requestContext: z.object({
    operation: z.enum(['EVENT_CONNECT', 'EVENT_SUBSCRIBE', 'EVENT_PUBLISH']),
    // Absent (or null) on a connect: the client names no channel until it subscribes.
    channel: z.optional(z.nullable(z.string())),
  }),
});

/** What AppSync Events reads from a Lambda authorizer's answer. */
export interface RealtimeAuthorization {
  isAuthorized: boolean;
  /** Seconds AppSync may reuse this answer for the same token: never. */
  ttlOverride: 0;
}

const answer = (isAuthorized: boolean): RealtimeAuthorization => ({ isAuthorized, ttlOverride: 0 });

/** Allows a connect, or a subscribe to the caller's current channel, for a live session only. */
export async function authorizeRealtime(event: unknown): Promise<RealtimeAuthorization> {
  const parsed = z.safeParse(authorizerEvent, event);
  if (!parsed.success) return answer(false);
  const { authorizationToken, requestContext } = parsed.data;
  const claims = await verifiedAccessTokenClaims(authorizationToken);
  if (!claims) return answer(false);
  let live: Awaited<ReturnType<typeof assertLiveSession>>;
  try {
    live = await assertLiveSession(claims, realtimeTokenUses);
  } catch (error) {
    if (error instanceof UnauthorizedError) return answer(false);
    throw error;
  }
  switch (requestContext.operation) {
    case 'EVENT_CONNECT':
      return answer(true);
    case 'EVENT_SUBSCRIBE':
      return answer(requestContext.channel === personalChannel(live.sub, sessionEpoch(live.session)));
    default:
      return answer(false);
  }
}

/** The handler's wrapper: the logger with the invocation's context; a failure (the table unreachable) fails the call, which AppSync refuses. */
export function realtimeAuthorizerFunction() {
  return middy<unknown, RealtimeAuthorization, Error, Context>().use(injectLambdaContext(logger, { resetKeys: true }));
}
