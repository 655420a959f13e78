import { confirmPasswordResetRequestSchema } from '@escrow/api/identity';
import { ApiError } from '../../lib/api';
import { authPageMessages } from './messages';

/** The server's own error text, when the failure carried one. */
function serverText(error: unknown): string | undefined {
  return error instanceof ApiError && error.fromServer ? error.message : undefined;
}

export interface SignupFailure {
  message: string;
  /** The 'Account Exists' dialog opens too. */
  accountExists: boolean;
}

/** Spec §8 "Sign-up": the captcha failure text comes from the server as it is. */
export function signupFailure(error: unknown): SignupFailure {
  if (!(error instanceof ApiError)) return { message: authPageMessages.unexpected, accountExists: false };
  if (error.message.includes('already exists')) return { message: authPageMessages.accountExists, accountExists: true };
  return { message: error.message, accountExists: false };
}

export function securityQuestionFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return authPageMessages.resetThrottled;
  return serverText(error) ?? authPageMessages.questionLookupFailed;
}

export function resetAnswerFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return authPageMessages.resetThrottled;
  if (error instanceof ApiError && error.status === 401) return authPageMessages.incorrectResetAnswer;
  return serverText(error) ?? authPageMessages.verificationFailed;
}

const resetFields = Object.keys(confirmPasswordResetRequestSchema.shape);

/**
 * The reason alone: a server that names the refused field ('token: ...') is shown without the
 * name, which means nothing to a person; a reason without one is shown as it is.
 */
function withoutResetField(message: string): string {
  const field = resetFields.find((name) => message.startsWith(`${name}: `));
  return field ? message.slice(field.length + 2) : message;
}

export function setPasswordFailure(error: unknown): string {
  if (error instanceof ApiError) return authPageMessages.setPasswordFailed(withoutResetField(error.message));
  return authPageMessages.unexpected;
}
