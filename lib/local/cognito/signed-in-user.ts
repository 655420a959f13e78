import type { Pool } from './pool';
import { attributeList, type Json, str } from './request';
import { passwordMatchesVerifier } from './srp';

// What a signed-in user does with their access token: read their account, change their password.

export async function getUser(pool: Pool, input: Json): Promise<Json> {
  const user = await pool.userFromAccessToken(input.AccessToken);
  return { Username: user.username, UserAttributes: attributeList(user) };
}

export async function changePassword(pool: Pool, input: Json): Promise<Json> {
  const user = await pool.userFromAccessToken(input.AccessToken);
  const previous = str(input.PreviousPassword, 'PreviousPassword');
  const proposed = str(input.ProposedPassword, 'ProposedPassword');
  pool.checkPasswordLock(user.username);
  if (!passwordMatchesVerifier(pool.name, user.username, previous, user.salt, user.verifier)) {
    throw pool.passwordFailed(user.username);
  }
  pool.passwordSucceeded(user.username);
  pool.setPassword(user, proposed);
  pool.users.put(user);
  return {};
}
