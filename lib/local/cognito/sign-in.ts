import type { ExplicitAuthFlow } from '../../user-pool-settings';
import { startChallenges } from './auth-challenges';
import { incorrectCredentials, invalidParameter } from './errors';
import type { Pool, PoolClient } from './pool';
import { type Json, str } from './request';
import { issueTokens, refresh, signInUser } from './sign-in-tokens';
import { passwordMatchesVerifier } from './srp';

// InitiateAuth: which flow, if the client allows it; the password and refresh flows answer at
// once, SRP and custom auth go on in challenges (auth-challenges.ts).

const flowByAuthFlow: Record<string, ExplicitAuthFlow> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};

export async function initiateAuth(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  const authFlow = str(input.AuthFlow, 'AuthFlow');
  const allowedAs = flowByAuthFlow[authFlow];
  if (!allowedAs)
    throw invalidParameter(`1 validation error detected: Value '${authFlow}' at 'authFlow' failed to satisfy constraint`);
  if (!client.explicitAuthFlows.includes(allowedAs)) {
    throw invalidParameter(`${authFlow === 'REFRESH_TOKEN' ? 'REFRESH_TOKEN_AUTH' : authFlow} flow not enabled for this client`);
  }
  const params = (input.AuthParameters ?? {}) as Record<string, string | undefined>;
  if (authFlow === 'REFRESH_TOKEN_AUTH' || authFlow === 'REFRESH_TOKEN') return refresh(pool, client, params);
  if (authFlow === 'USER_PASSWORD_AUTH') return passwordAuth(pool, client, params, input.ClientMetadata);
  return startChallenges(pool, client, authFlow as 'USER_SRP_AUTH' | 'CUSTOM_AUTH', params, input.ClientMetadata);
}

async function passwordAuth(
  pool: Pool,
  client: PoolClient,
  params: Record<string, string | undefined>,
  clientMetadata: unknown,
): Promise<Json> {
  const typed = str(params.USERNAME, 'USERNAME');
  const user = pool.users.find(typed);
  const password = str(params.PASSWORD, 'PASSWORD');
  const username = user?.username ?? pool.decoys.username(typed);
  const { salt, verifier } = user ?? pool.decoys.credentials(username);
  // Checked against the decoy too, so an unknown name costs the same as a wrong password.
  if (!passwordMatchesVerifier(pool.name, username, password, salt, verifier) || !user) throw incorrectCredentials();
  return issueTokens(pool, signInUser(pool, user.username), client.clientId, clientMetadata);
}
