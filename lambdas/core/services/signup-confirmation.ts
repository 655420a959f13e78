import { cognitoCall } from '../adapters/cognito';
import { requireEnv } from '../adapters/env';
import { logger } from '../adapters/logger';
import { getSecret } from '../adapters/secrets';
import { ConflictError, ThrottledError, UnauthorizedError, ValidationError } from '../domain/errors';
import { decoyHash, keyedHash, safeEqual, verifySecret } from '../domain/hashing';
import { accountMessages } from '../domain/identity';
import { throttles } from '../domain/throttle-rules';
import { devicePut } from '../entities/device';
import { confirmedSignupUpdates, getProfile, getProfileByEmail, isUnconfirmed, type UserProfile } from '../entities/profile';
import { onConditionFailed, transactWrite } from '../entities/table';
import { removeUnconfirmedAccount } from './accounts';
import { countFailures } from './throttles';

/**
 * The end of a sign-up: the emailed link, opened by whoever holds the inbox.
 *
 * Holding the inbox is not enough: someone else may have signed the address up (to take the
 * contracts offered to it), and the owner, clicking the link that sign-up sent them, would confirm
 * an account whose password and security answer someone else chose. So the link confirms only
 * with the password chosen at sign-up, checked against the hash the sign-up kept, and only then
 * does the signing-up browser become a trusted device. The same email carries a "this was not me"
 * link that removes the unconfirmed account, proved by a keyed token of the account's id.
 */

/** The token of the "this was not me" link: a keyed hash of the account's id (one per sign-up). */
export async function signupRemovalToken(sub: string): Promise<string> {
  return keyedHash(await getSecret('app'), `signup-removal:${sub}`);
}

/**
 * Confirms the email with Cognito's code once the password matches the sign-up's, then trusts the
 * device that signed up. Repeating it after a stop half-way finishes the work (Cognito answers an
 * already confirmed user with NotAuthorizedException, taken as done once the password matched).
 */
export async function confirmSignup(email: string, code: string, password: string): Promise<void> {
  const profile = await getProfileByEmail(email);
  const pending = profile && isUnconfirmed(profile) ? profile : undefined;
  // An unknown or already confirmed email costs the same scrypt as a real check: no enumeration.
  const matches = await verifySecret(password, pending?.signup_password_hash ?? decoyHash);
  if (!pending) {
    if (profile) throw new ConflictError(accountMessages.alreadyConfirmed);
    throw new ValidationError(accountMessages.confirmationLinkInvalid);
  }
  // A wrong password counts toward the sign-up's tries; once they are used up, even the right one is refused.
  await countFailures([[throttles.signupConfirmation, pending.sub]], async () => {
    if (!matches) throw new UnauthorizedError(accountMessages.confirmationPasswordWrong);
  });
  try {
    await cognitoCall('ConfirmSignUp', { ClientId: requireEnv('userPoolClientId'), Username: email, ConfirmationCode: code });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'CodeMismatchException' || name === 'ExpiredCodeException' || name === 'UserNotFoundException') {
      throw new ValidationError(accountMessages.confirmationLinkInvalid);
    }
    if (name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') {
      throw new ThrottledError('Too many attempts. Please try again later.');
    }
    // Already confirmed with Cognito: a repeat of a confirmation that stopped before the table write.
    if (name !== 'NotAuthorizedException') throw error;
  }
  await finishSignup(pending);
}

/**
 * Ends a sign-up whose email is confirmed: the signing-up device becomes trusted and the profile
 * forgets the password's hash, in one transaction (409 if it was already finished).
 */
export async function finishSignup(pending: UserProfile): Promise<void> {
  const device = pending.signup_device;
  await onConditionFailed(
    transactWrite([...confirmedSignupUpdates(pending, Boolean(device)), ...(device ? [devicePut(pending.sub, device)] : [])]),
    () => {
      throw new ConflictError(accountMessages.alreadyConfirmed);
    },
  );
  logger.info('Sign-up confirmed', { sub: pending.sub, deviceTrusted: Boolean(device) });
}

/** Whether the account's email was confirmed through the product (its password proven by whoever holds the inbox). */
export async function hasConfirmedEmail(sub: string): Promise<boolean> {
  const profile = await getProfile(sub);
  return profile !== undefined && !isUnconfirmed(profile);
}

/**
 * "This was not me": removes the unconfirmed account of the email whose token this is. A confirmed
 * account is never removed this way (409); a token of another account, or of a sign-up already
 * removed or replaced, is refused (400) without saying which.
 */
export async function removeUnconfirmedSignup(email: string, token: string): Promise<void> {
  const profile = await getProfileByEmail(email);
  const expected = await signupRemovalToken(profile?.sub ?? `unknown:${email}`);
  if (!profile || !safeEqual(token, expected)) throw new ValidationError(accountMessages.confirmationLinkInvalid);
  if (!isUnconfirmed(profile) || !(await removeUnconfirmedAccount(email, profile.sub))) {
    throw new ConflictError(accountMessages.alreadyConfirmed);
  }
}
