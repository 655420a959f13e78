import { randomInt } from 'node:crypto';
import { userPoolSettings } from '../../user-pool-settings';
import { CognitoError, invalidParameter } from './errors';
import type { Pool } from './pool';
import { attributeMap, type Json, str } from './request';
import { createPasswordVerifier } from './srp';
import { triggerAttributes } from './triggers';
import { type LocalUser, nowSeconds } from './user-store';

// Sign-up and its confirmation: SignUp, ConfirmSignUp, ResendConfirmationCode.

export async function signUp(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  const email = str(input.Username, 'Username').trim().toLowerCase();
  const password = str(input.Password, 'Password');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidParameter('Username should be an email.');
  pool.checkPasswordPolicy(password);
  const attributes = attributeMap(input.UserAttributes);
  attributes.email = email;
  const username = pool.users.newUsername();
  // PreSignUp runs before the check for an existing account. AWS documents that SignUp answers
  // UsernameExistsException for a taken name even with PreventUserExistenceErrors, but not
  // whether that check comes before or after the trigger. This pool admits only sign-ups that
  // carry secure-signup's signed ticket (lambdas/triggers/pre-sign-up.ts), so checking the
  // ticket first means a direct, unticketed SignUp is refused the same way whether or not the
  // email has an account; only secure-signup (captcha first) ever learns that an email is taken.
  const preSignUp = await pool.trigger('preSignUp', {
    triggerSource: 'PreSignUp_SignUp',
    userName: username,
    clientId: client.clientId,
    request: {
      userAttributes: attributes,
      validationData: attributeMap(input.ValidationData),
      clientMetadata: input.ClientMetadata ?? {},
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  });
  if (pool.users.find(email)) {
    throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
  }
  const user: LocalUser = {
    username,
    attributes: { ...attributes, email_verified: 'false' },
    status: 'UNCONFIRMED',
    enabled: true,
    ...createPasswordVerifier(pool.name, username, password),
    createdAt: nowSeconds(),
    updatedAt: nowSeconds(),
  };
  if (preSignUp.autoConfirmUser) user.status = 'CONFIRMED';
  if (preSignUp.autoVerifyEmail) user.attributes.email_verified = 'true';
  pool.users.put(user);
  if (user.status === 'UNCONFIRMED')
    await sendConfirmationCode(pool, user, client.clientId, 'CustomMessage_SignUp', input.ClientMetadata);
  return {
    UserConfirmed: user.status === 'CONFIRMED',
    UserSub: username,
    ...(user.status === 'UNCONFIRMED' ? { CodeDeliveryDetails: deliveryDetails(email) } : {}),
  };
}

export async function confirmSignUp(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  const user = pool.users.find(str(input.Username, 'Username'));
  const code = str(input.ConfirmationCode, 'ConfirmationCode');
  const attemptKey = `confirm:${user?.username ?? str(input.Username, 'Username').trim().toLowerCase()}`;
  if (pool.attempts.isLocked(attemptKey)) {
    throw new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }
  // An unknown user gets the answer a wrong code gets: nobody learns who has an account.
  if (!user?.confirmationCode || user.confirmationCode.code !== code) {
    if (user?.status === 'CONFIRMED') {
      throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
    }
    pool.attempts.fail(attemptKey);
    throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }
  pool.attempts.reset(attemptKey);
  if (user.confirmationCode.expiresAt < nowSeconds()) {
    throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (user.status === 'CONFIRMED') {
    throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
  }
  user.status = 'CONFIRMED';
  user.attributes.email_verified = 'true';
  delete user.confirmationCode;
  await pool.trigger('postConfirmation', {
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    userName: user.username,
    clientId: client.clientId,
    request: { userAttributes: triggerAttributes(user), clientMetadata: input.ClientMetadata ?? {} },
    response: {},
  });
  pool.users.put(user);
  return {};
}

/**
 * Throttled per user, a name without an account included (else the throttle would tell the
 * two apart), and a new code does not clear the wrong-code count: the confirmation lockout
 * lasts its time. A name without an account gets the answer a real one gets, with a made-up
 * destination (PreventUserExistenceErrors); a confirmed account gets Cognito's
 * InvalidParameterException, as in AWS.
 */
export async function resendConfirmationCode(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  const typed = str(input.Username, 'Username');
  const user = pool.users.find(typed);
  if (!pool.resends.take(user?.username ?? typed.trim().toLowerCase())) {
    throw new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }
  if (user && user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  if (user) await sendConfirmationCode(pool, user, client.clientId, 'CustomMessage_ResendCode', input.ClientMetadata);
  return { CodeDeliveryDetails: deliveryDetails(user?.attributes.email ?? pool.decoys.email(typed)) };
}

async function sendConfirmationCode(
  pool: Pool,
  user: LocalUser,
  clientId: string,
  triggerSource: string,
  clientMetadata: unknown,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  user.confirmationCode = { code, expiresAt: nowSeconds() + userPoolSettings.confirmationCodeValidityHours * 3600 };
  pool.users.put(user);
  const codeParameter = '{####}';
  const message = await pool.trigger('customMessage', {
    triggerSource,
    userName: user.username,
    clientId,
    request: {
      userAttributes: triggerAttributes(user),
      codeParameter,
      usernameParameter: null,
      linkParameter: '{##Click Here##}',
      clientMetadata: clientMetadata ?? {},
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  });
  const body = (message.emailMessage as string | null) ?? `Your confirmation code is ${codeParameter}`;
  if (!body.includes(codeParameter)) {
    throw invalidParameter('Cannot send email: the custom message does not contain the code parameter.');
  }
  await pool.options.sendEmail({
    to: user.attributes.email ?? '',
    subject: (message.emailSubject as string | null) ?? 'Your verification code',
    body: body.replaceAll(codeParameter, code),
  });
}

/** Cognito masks the destination: a***@e***. */
function deliveryDetails(email: string) {
  const [local = '', domain = ''] = email.split('@');
  return { Destination: `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`, DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
