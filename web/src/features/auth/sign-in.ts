import { type CustomChallenge, customChallengeSchema } from '@escrow/api/identity';
import { signInMetadataKeys } from '@escrow/domain/identity';
import { confirmSignIn, fetchAuthSession, type SignInOutput, signIn, signOut } from 'aws-amplify/auth';
import { authPageMessages } from './messages';

/** What the device registration page needs from the login page (router navigation state). */
export interface RegisterDeviceState {
  /** The account's id (Cognito's username, the sub), when sign-in got as far as telling it. */
  userId?: string;
  email: string;
  deviceId: string;
  challenge?: CustomChallenge;
  /** Why the security question could not be posed (the server's words; empty when it gave none). */
  questionError?: string;
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
  | { kind: 'challenge'; challenge: CustomChallenge; userId?: string }
  /** The password was right, but no tokens could be read back afterwards. */
  | { kind: 'noSession' }
  /** The password was right and the device new, but the security question could not be posed. */
  | { kind: 'questionUnavailable'; reason: string }
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
    // Cognito adds the user's username (with email sign-in, the sub) to every challenge's parameters.
    const userId = step.additionalInfo?.USERNAME;
    if (parsed.success) return { kind: 'challenge', challenge: parsed.data, ...(userId ? { userId } : {}) };
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

/** Whether the tokens the pages' API calls need can be read back (spec §8 "Login": session failure). */
async function hasSession(): Promise<boolean> {
  try {
    const { tokens } = await fetchAuthSession();
    return Boolean(tokens?.accessToken && tokens.idToken);
  } catch {
    return false;
  }
}

/** How Cognito words a failure of the trigger that poses the challenges ("<Trigger> failed with error <message>."). */
const createChallengeFailure = 'CreateAuthChallenge failed with error ';

/**
 * Cognito only asks for a custom challenge after the password is proven, and the first one of a
 * sign-in is the security question: CreateAuthChallenge failing then is the question failing to
 * load. Its reason is the trigger's message, without the text Cognito wraps around it.
 */
function questionLoadFailure(error: unknown): string | undefined {
  const message = errorMessage(error);
  if (errorName(error) !== 'UserLambdaValidationException' || !message.startsWith(createChallengeFailure)) return undefined;
  return message.slice(createChallengeFailure.length).replace(/\.$/, '').trim();
}

/**
 * Password first (SRP), with the device and its secret in client metadata: a trusted device is
 * signed in at once, a new one (or one without its secret) gets the custom challenges. A session
 * left in this tab is ended first.
 */
export async function signInWithDevice(email: string, password: string, device: DeviceCredentials): Promise<SignInStep> {
  const attempt = async (): Promise<SignInStep> => {
    const step = interpretSignInOutput(
      await signIn({
        username: email,
        password,
        options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: clientMetadata(device) },
      }),
    );
    return step.kind === 'signedIn' && !(await hasSession()) ? { kind: 'noSession' } : step;
  };
  try {
    return await attempt().catch(async (error: unknown) => {
      if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
      await signOut();
      return attempt();
    });
  } catch (error) {
    const reason = questionLoadFailure(error);
    if (reason === undefined) throw error;
    return { kind: 'questionUnavailable', reason };
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
