import { type CustomChallenge, customChallengeSchema } from '@escrow/api/identity';
import { signInMetadataKeys } from '@escrow/domain/identity';
import { confirmSignIn, type SignInOutput, signIn, signOut } from 'aws-amplify/auth';
import { authPageMessages } from './messages';

/** What the device registration page needs from the login page (router navigation state). */
export interface RegisterDeviceState {
  userId?: string;
  email: string;
  deviceId: string;
  challenge?: CustomChallenge;
}

export interface DeviceCredentials {
  deviceId: string;
  deviceName: string;
  /** The secret the server gave this browser for the account, which proves it a trusted device. */
  deviceSecret?: string;
}

/** Where a sign-in step leaves the user. */
export type SignInStep =
  | { kind: 'signedIn' }
  | { kind: 'unconfirmed' }
  | { kind: 'challenge'; challenge: CustomChallenge }
  | { kind: 'unexpected' };

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

export function interpretSignInOutput(output: SignInOutput): SignInStep {
  if (output.isSignedIn) return { kind: 'signedIn' };
  const step = output.nextStep;
  if (step.signInStep === 'CONFIRM_SIGN_UP') return { kind: 'unconfirmed' };
  if (step.signInStep === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') {
    const parsed = customChallengeSchema.safeParse(step.additionalInfo ?? {});
    if (parsed.success) return { kind: 'challenge', challenge: parsed.data };
  }
  return { kind: 'unexpected' };
}

function clientMetadata({ deviceId, deviceName, deviceSecret }: DeviceCredentials): Record<string, string> {
  return {
    [signInMetadataKeys.deviceId]: deviceId,
    [signInMetadataKeys.deviceName]: deviceName,
    ...(deviceSecret ? { [signInMetadataKeys.deviceSecret]: deviceSecret } : {}),
  };
}

/**
 * Password first (SRP), with the device and its secret in client metadata: a trusted device is
 * signed in at once, a new one (or one without its secret) gets the custom challenges. A session
 * left in this tab is ended first.
 */
export async function signInWithDevice(email: string, password: string, device: DeviceCredentials): Promise<SignInStep> {
  const attempt = () =>
    signIn({
      username: email,
      password,
      options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: clientMetadata(device) },
    });
  try {
    return interpretSignInOutput(await attempt());
  } catch (error) {
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    return interpretSignInOutput(await attempt());
  }
}

/** Spec §8 "Login": throttling is shown as the server says it, anything else as bad credentials. */
export function signInErrorMessage(error: unknown): string {
  if (errorName(error) === 'UserNotConfirmedException') return authPageMessages.unconfirmedEmail;
  const message = errorMessage(error);
  return message.includes('Too many') ? message : authPageMessages.invalidCredentials;
}

/** Answers the current custom challenge (security answer or OTP). */
export async function answerChallenge(answer: string, device: DeviceCredentials): Promise<SignInStep> {
  const output = await confirmSignIn({ challengeResponse: answer, options: { clientMetadata: clientMetadata(device) } });
  return interpretSignInOutput(output);
}

/** Whether the next step is the `kind` challenge (asked again after a wrong answer when `retry`; either way when omitted). */
export function isChallenge(step: SignInStep, kind: CustomChallenge['challenge'], retry?: boolean): boolean {
  if (step.kind !== 'challenge' || step.challenge.challenge !== kind) return false;
  return retry === undefined || step.challenge.retry === String(retry);
}

/**
 * Spec §8 "Device registration", answer step. `NotAuthorizedException` means the tries are used up
 * and, like throttling, ends this sign-in: the user has to log in again.
 */
export function answerFailure(error: unknown): { message: string; over: boolean } {
  const message = errorMessage(error);
  if (message.includes('Too many')) return { message: authPageMessages.answerThrottled, over: true };
  if (errorName(error) === 'NotAuthorizedException') return { message: authPageMessages.answerRejected, over: true };
  return { message: message || authPageMessages.answerRejected, over: false };
}

/** Spec §8 "Device registration", OTP step. */
export function otpFailure(error: unknown): { message: string; over: boolean } {
  const message = errorMessage(error);
  if (message.includes(authPageMessages.maxDevices)) return { message: authPageMessages.maxDevices, over: true };
  if (errorName(error) === 'NotAuthorizedException') return { message: authPageMessages.invalidOtp, over: true };
  return { message: authPageMessages.otpVerificationFailed, over: false };
}
