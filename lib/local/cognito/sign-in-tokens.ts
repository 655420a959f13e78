import { randomUUID } from 'node:crypto';
import { userPoolSettings } from '../../user-pool-settings';
import { CognitoError, incorrectCredentials, invalidParameter } from './errors';
import type { Pool, PoolClient } from './pool';
import { type Json, str } from './request';
import { hashToken } from './tokens';
import { triggerAttributes } from './triggers';
import { type LocalUser, nowSeconds } from './user-store';

// A sign-in's tokens: issued at its end, refreshed, revoked (RevokeToken), ended everywhere
// (GlobalSignOut).

/** The password is right; Cognito now refuses unconfirmed and disabled users. */
export function signInUser(pool: Pool, username: string): LocalUser {
  const user = pool.users.get(username);
  if (!user) throw incorrectCredentials();
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  return user;
}

/** The end of a sign-in: PostAuthentication, then a new refresh token and the ID and access tokens tied to it. */
export async function issueTokens(pool: Pool, user: LocalUser, clientId: string, clientMetadata: unknown): Promise<Json> {
  await pool.trigger('postAuthentication', {
    triggerSource: 'PostAuthentication_Authentication',
    userName: user.username,
    clientId,
    request: { userAttributes: triggerAttributes(user), newDeviceUsed: false, clientMetadata: clientMetadata ?? {} },
    response: {},
  });
  const refresh = pool.tokens.newRefreshToken();
  const originJti = randomUUID();
  pool.users.putRefreshToken(refresh.hash, {
    username: user.username,
    clientId,
    originJti,
    expiresAt: nowSeconds() + userPoolSettings.refreshTokenValidityDays * 86_400,
  });
  const tokens = await pool.tokens.issue(user, clientId, { originJti });
  return { AuthenticationResult: { ...tokens, RefreshToken: refresh.token }, ChallengeParameters: {} };
}

/** InitiateAuth's REFRESH_TOKEN_AUTH: new ID and access tokens for the same sign-in. */
export async function refresh(pool: Pool, client: PoolClient, params: Record<string, string | undefined>): Promise<Json> {
  const token = str(params.REFRESH_TOKEN, 'REFRESH_TOKEN');
  const record = pool.users.getRefreshToken(hashToken(token));
  if (!record || record.clientId !== client.clientId || record.expiresAt < nowSeconds()) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  }
  const user = pool.users.get(record.username);
  if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  const tokens = await pool.tokens.issue(user, client.clientId, { originJti: record.originJti });
  return { AuthenticationResult: tokens, ChallengeParameters: {} };
}

/** Amplify's refresh call (newer than InitiateAuth REFRESH_TOKEN_AUTH); same rules. */
export async function getTokensFromRefreshToken(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  if (!client.explicitAuthFlows.includes('ALLOW_REFRESH_TOKEN_AUTH')) {
    throw invalidParameter('REFRESH_TOKEN_AUTH flow not enabled for this client');
  }
  const { AuthenticationResult } = await refresh(pool, client, { REFRESH_TOKEN: str(input.RefreshToken, 'RefreshToken') });
  return { AuthenticationResult };
}

export async function revokeToken(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  const hash = hashToken(str(input.Token, 'Token'));
  const record = pool.users.getRefreshToken(hash);
  if (record && record.clientId === client.clientId) pool.users.revokeRefreshToken(hash);
  return {};
}

export async function globalSignOut(pool: Pool, input: Json): Promise<Json> {
  pool.signOutEverywhere(await pool.userFromAccessToken(input.AccessToken));
  return {};
}
