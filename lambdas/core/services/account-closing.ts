import { cognitoCall } from '../adapters/cognito';
import { requireEnv } from '../adapters/env';
import { closeProfile, getProfile, getProfileByEmail } from '../entities/profile';

/** Cognito's own answer for a name it does not have: already gone, which is what closing wants. */
const gone = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/**
 * Ops close an account (`npm run close-account`): first the profile is marked closed, so every
 * token of it is refused at once by the API's session check (runtime/session.ts); then Cognito
 * signs the person out everywhere (no new tokens from their refresh tokens) and, with `remove`,
 * deletes them from the pool. Safe to run again. Answers the account's user id, or undefined when
 * no account has that id or email.
 */
export async function closeAccount(idOrEmail: string, options: { remove: boolean }): Promise<string | undefined> {
  const profile = idOrEmail.includes('@') ? await getProfileByEmail(idOrEmail.trim().toLowerCase()) : await getProfile(idOrEmail);
  if (!profile) return undefined;
  await closeProfile(profile.sub);
  const user = { UserPoolId: requireEnv('userPoolId'), Username: profile.sub };
  await cognitoCall('AdminUserGlobalSignOut', user).catch((error: unknown) => {
    if (!gone(error)) throw error;
  });
  if (options.remove)
    await cognitoCall('AdminDeleteUser', user).catch((error: unknown) => {
      if (!gone(error)) throw error;
    });
  return profile.sub;
}
