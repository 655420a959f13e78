import { cognitoCall } from '../adapters/cognito';
import { appLink, sendEmail } from '../adapters/email';
import { requireEnv } from '../adapters/env';
import { logger } from '../adapters/logger';
import { getSecret } from '../adapters/secrets';
import type { Profile, ProfileResponse, signupRequestSchema } from '../api/identity';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../domain/errors';
import {
  decoyHash,
  deviceSecretHash,
  hashSecret,
  keyedHash,
  newDeviceSecret,
  normaliseAnswer,
  verifySecret,
} from '../domain/hashing';
import { accountMessages, decoyQuestion, fallbackDeviceId } from '../domain/identity';
import type * as z from '../domain/zod';
import {
  getProfile,
  getProfileByEmail,
  markWelcomed,
  newProfilePuts,
  revokeSessions,
  saveEmailUpdates,
  type UserProfile,
  unconfirmedProfileDeletes,
} from '../entities/profile';
import { consumeResetLink, createResetLink, restoreResetLink } from '../entities/reset-link';
import { conflict, onConditionFailed, transactWrite } from '../entities/table';
import { newDevice } from './devices';
import { issueSignupTicket } from './signup-ticket';

/** Account use cases: sign-up, the welcome email, the password reset, and the caller's own account. */

export type SignupInput = z.output<typeof signupRequestSchema>;

/**
 * Creates an account: the Cognito user (which emails the confirmation link), then the profile
 * with the hashed answer and the email pointer, in one transaction. If that write fails the
 * Cognito user is removed again, so nothing is half made.
 *
 * Nothing of the account is trusted before its email is confirmed (services/signup-confirmation.ts):
 * the signing-up device waits on the profile, with a hash of the password, and the pointer is
 * pending. So an unconfirmed sign-up never holds an address against its owner: a sign-up of an
 * address whose account was never confirmed replaces that account.
 *
 * The device's secret is returned for the browser to keep (only its hash is stored); null when the
 * sign-up came without a device, or from a browser without a fingerprint (`fallbackDeviceId`).
 */
export async function registerAccount(input: SignupInput): Promise<{ sub: string; deviceSecret: string | null }> {
  const { email, userData, deviceInfo } = input;
  const sub = await signUpInPool(input);

  const now = new Date().toISOString();
  // A browser without a fingerprint shares the fallback id with every other: it is never trusted.
  const device = deviceInfo && deviceInfo.device_id !== fallbackDeviceId ? deviceInfo : undefined;
  const deviceSecret = device ? newDeviceSecret() : null;
  const profile: UserProfile = {
    sub,
    email,
    full_name: userData.full_name,
    username: null,
    phone_number: userData.phone_number,
    security_ques: userData.security_question,
    security_answer_hash: await hashSecret(normaliseAnswer(userData.security_answer)),
    payment_pin_hash: null,
    account_number: null,
    bank_code: null,
    account_name: null,
    created_at: now,
    device_count: 0,
    signup_password_hash: await hashSecret(input.password),
    ...(device && deviceSecret ? { signup_device: newDevice(device, now, deviceSecretHash(deviceSecret)) } : {}),
  };
  try {
    await onConditionFailed(transactWrite(newProfilePuts(profile)), conflict(accountMessages.accountExists));
  } catch (error) {
    await cognitoCall('AdminDeleteUser', { UserPoolId: requireEnv('userPoolId'), Username: sub }).catch((e) =>
      logger.error('Could not remove the Cognito user of a failed sign-up', { sub, error: e as Error }),
    );
    throw error;
  }
  return { sub, deviceSecret };
}

/**
 * Cognito's SignUp. An address already in the pool whose account was never confirmed is freed
 * first (its profile, then its Cognito user) and signed up again, once: its owner must never be
 * told that an address is taken by someone who could not prove it was theirs.
 */
async function signUpInPool(input: SignupInput, replacing = false): Promise<string> {
  const { email, password, userData } = input;
  try {
    const result = await cognitoCall('SignUp', {
      ClientId: requireEnv('userPoolClientId'),
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: userData.full_name },
      ],
      ClientMetadata: { signupTicket: await issueSignupTicket(email) },
    });
    return result.UserSub ?? '';
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'UsernameExistsException') {
      if (!replacing && (await removeUnconfirmedAccount(email))) return signUpInPool(input, true);
      throw new ConflictError(accountMessages.accountExists);
    }
    if (name === 'InvalidPasswordException') throw new ValidationError(accountMessages.passwordTooShort);
    if (name === 'InvalidParameterException') throw new ValidationError('Please check the sign-up details and try again.');
    throw error;
  }
}

/**
 * Removes the account of an email that was never confirmed: its profile and pointer (while still
 * pending), then its Cognito user (while still UNCONFIRMED). False when the address belongs to a
 * confirmed account. In this order, a stop half-way leaves at most an unconfirmed Cognito user
 * without a profile, which the next sign-up of the address removes.
 */
export async function removeUnconfirmedAccount(email: string, expectedSub?: string): Promise<boolean> {
  const userPoolId = requireEnv('userPoolId');
  const user = await cognitoCall('AdminGetUser', { UserPoolId: userPoolId, Username: email }).catch((error: Error) => {
    if (error.name === 'UserNotFoundException') return undefined;
    throw error;
  });
  if (user?.UserStatus !== 'UNCONFIRMED' || !user.Username) return false;
  if (expectedSub !== undefined && user.Username !== expectedSub) return false;
  const profile = await getProfileByEmail(email);
  if (profile?.sub === user.Username) {
    await onConditionFailed(transactWrite(unconfirmedProfileDeletes(profile)), () => {
      throw new ConflictError(accountMessages.alreadyConfirmed);
    });
  }
  await cognitoCall('AdminDeleteUser', { UserPoolId: userPoolId, Username: user.Username }).catch((error: Error) => {
    if (error.name !== 'UserNotFoundException') throw error;
  });
  logger.info('An unconfirmed sign-up was removed', { sub: user.Username });
  return true;
}

/** How long after sign-up the welcome email may still be sent. */
const welcomeWindowMs = 60 * 60 * 1000;

/** The welcome email, once per new account; quietly nothing for anything else (no enumeration). */
export async function sendWelcome(email: string): Promise<void> {
  const profile = await getProfileByEmail(email);
  if (!profile || Date.now() - Date.parse(profile.created_at) > welcomeWindowMs) return;
  if (!(await markWelcomed(profile.sub, new Date().toISOString()))) return;
  await sendEmail({
    to: email,
    subject: 'Welcome to MiddleMan',
    text: `Hello ${profile.full_name},\n\nWelcome to MiddleMan. Confirm your email with the link we sent you, then sign in to create or accept your first contract.\n\nMiddleMan`,
  });
}

/**
 * The question to show for an email. An unknown email gets a decoy chosen by a keyed hash (stable
 * per email) from the suggestions and from questions of people's own wording, after the same
 * reads, so the answer never tells who has an account.
 */
export async function securityQuestionFor(email: string): Promise<string> {
  const profile = (await getProfileByEmail(email)) ?? (await getProfile('decoy'));
  if (profile) {
    if (!profile.security_ques) throw new NotFoundError('Security question not found.');
    return profile.security_ques;
  }
  return decoyQuestion(keyedHash(await getSecret('app'), `question:${email}`));
}

/**
 * Checks the answer and emails a single-use reset link valid 30 minutes. A wrong answer and an
 * unknown email fail alike (same reads, same scrypt cost), with the spec's 'Incorrect security answer.'.
 */
export async function startPasswordReset(email: string, answer: string): Promise<void> {
  const profile = await getProfileByEmail(email);
  // An unknown email reads a decoy profile where an account's is read: the same reads as an account.
  if (!profile) await getProfile('decoy');
  const matches = await verifySecret(normaliseAnswer(answer), profile?.security_answer_hash || decoyHash);
  if (!profile || !matches) throw new UnauthorizedError(accountMessages.incorrectAnswer);
  const token = await createResetLink(profile.sub, await getSecret('app'));
  const link = appLink(`/reset-password-confirm#token=${token}`);
  await sendEmail({
    to: profile.email,
    subject: 'Reset your MiddleMan password',
    text: `Use this link within 30 minutes to set a new password:\n\n${link}\n\nIt works once. If you did not ask for it, you can ignore this email.`,
    html: `<p>Use this link within 30 minutes to set a new password:</p><p><a href="${link}">${link}</a></p><p>It works once. If you did not ask for it, you can ignore this email.</p>`,
  });
}

/** Sets the new password from a reset link (burnt first), then signs the user out everywhere. */
export async function completePasswordReset(token: string, newPassword: string): Promise<void> {
  const key = await getSecret('app');
  const link = await consumeResetLink(token, key);
  if (!link) throw new ValidationError(accountMessages.resetLinkInvalid);
  const userPoolId = requireEnv('userPoolId');
  try {
    await cognitoCall('AdminSetUserPassword', {
      UserPoolId: userPoolId,
      Username: link.sub,
      Password: newPassword,
      Permanent: true,
    });
  } catch (error) {
    await restoreResetLink(token, key, link);
    if ((error as Error).name === 'InvalidPasswordException') throw new ValidationError(accountMessages.passwordTooShort);
    throw error;
  }
  // The API refuses the old sessions' tokens from now on (runtime/session.ts); Cognito revokes
  // their refresh tokens.
  await revokeSessions(link.sub);
  await cognitoCall('AdminUserGlobalSignOut', { UserPoolId: userPoolId, Username: link.sub });
}

/** What the caller may see of their own profile: the answer and the PIN never leave the server, only whether they are set. */
export function toProfile(profile: UserProfile): Profile {
  return {
    full_name: profile.full_name ?? null,
    username: profile.username ?? null,
    phone_number: profile.phone_number ?? null,
    security_ques: profile.security_ques ?? null,
    has_security_answer: Boolean(profile.security_answer_hash),
    has_payment_pin: Boolean(profile.payment_pin_hash),
    account_number: profile.account_number ?? null,
    bank_code: profile.bank_code ?? null,
    account_name: profile.account_name ?? null,
    ...(profile.foreign_accounts ? { foreign_accounts: profile.foreign_accounts } : {}),
    email_updates: profile.email_updates !== false,
  };
}

/** Turns the account's emails that are not about money on or off. */
export async function saveEmailPreferences(sub: string, on: boolean): Promise<void> {
  await onConditionFailed(saveEmailUpdates(sub, on), () => {
    throw new NotFoundError('Could not load your account details. Please try again.');
  });
}

/** The caller's own account; a missing profile row is tolerated (id, email and created date from Cognito). */
export async function ownAccount(caller: { sub: string; email?: string }): Promise<ProfileResponse> {
  const profile = await getProfile(caller.sub);
  if (profile) return { id: caller.sub, email: profile.email, created_at: profile.created_at, profile: toProfile(profile) };
  const user = await cognitoCall('AdminGetUser', { UserPoolId: requireEnv('userPoolId'), Username: caller.sub });
  return {
    id: caller.sub,
    email: caller.email ?? user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '',
    created_at: (user.UserCreateDate ?? new Date()).toISOString(),
    profile: null,
  };
}
