import { type MessageResponse, messageResponseSchema } from '@escrow/api/common';
import {
  type confirmEmailRequestSchema,
  type confirmPasswordResetRequestSchema,
  type removeSignupRequestSchema,
  type SignupRequest,
  type SignupResponse,
  type securityQuestionRequestSchema,
  securityQuestionResponseSchema,
  type sendSignupConfirmationRequestSchema,
  signupResponseSchema,
  type verifyAnswerAndResetRequestSchema,
} from '@escrow/api/identity';
import type { z } from 'zod';
import { apiFetch } from '../../lib/api';

/** The public identity endpoints; bodies and replies are the shared API's (`@escrow/api/identity`). */
export function secureSignup(body: SignupRequest): Promise<SignupResponse> {
  return apiFetch('/secure-signup', { method: 'POST', body, auth: false, schema: signupResponseSchema });
}

export function sendSignupConfirmation(email: string): Promise<MessageResponse> {
  const body: z.input<typeof sendSignupConfirmationRequestSchema> = { email };
  return apiFetch('/send-signup-confirmation', { method: 'POST', body, auth: false, schema: messageResponseSchema });
}

/** The emailed confirmation link, confirmed with the password chosen at sign-up. */
export function confirmEmail(body: z.input<typeof confirmEmailRequestSchema>): Promise<MessageResponse> {
  return apiFetch('/confirm-email', { method: 'POST', body, auth: false, schema: messageResponseSchema });
}

/** "This was not me": removes the unconfirmed sign-up made with the address. */
export function removeSignup(body: z.input<typeof removeSignupRequestSchema>): Promise<MessageResponse> {
  return apiFetch('/remove-signup', { method: 'POST', body, auth: false, schema: messageResponseSchema });
}

export async function getSecurityQuestion(email: string, deviceId: string | undefined): Promise<string> {
  const body: z.input<typeof securityQuestionRequestSchema> = { email, fingerprint: deviceId };
  const reply = await apiFetch('/get-security-question', {
    method: 'POST',
    body,
    auth: false,
    schema: securityQuestionResponseSchema,
  });
  return reply.securityQuestion;
}

export function verifyAnswerAndReset(email: string, securityAnswer: string, deviceId: string | undefined, unlock?: string) {
  const body: z.input<typeof verifyAnswerAndResetRequestSchema> = { email, securityAnswer, deviceFingerprint: deviceId, unlock };
  return apiFetch('/verify-answer-and-reset', {
    method: 'POST',
    body,
    auth: false,
    schema: messageResponseSchema,
  });
}

export function confirmPasswordReset(token: string, newPassword: string) {
  const body: z.input<typeof confirmPasswordResetRequestSchema> = { token, newPassword };
  return apiFetch('/confirm-password-reset', {
    method: 'POST',
    body,
    auth: false,
    schema: messageResponseSchema,
  });
}
