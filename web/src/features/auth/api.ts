import type { MessageResponse } from '@escrow/api/common';
import * as endpoints from '@escrow/api/endpoints';
import type { confirmEmailRequestSchema, removeSignupRequestSchema, SignupRequest, SignupResponse } from '@escrow/api/identity';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** The public identity endpoints (no session: `call` sends no token); bodies and replies are the shared API's. */
export function secureSignup(body: SignupRequest): Promise<SignupResponse> {
  return call(endpoints.secureSignup, { body });
}

export function sendSignupConfirmation(email: string): Promise<MessageResponse> {
  return call(endpoints.sendSignupConfirmation, { body: { email } });
}

/** The emailed confirmation link, confirmed with the password chosen at sign-up. */
export function confirmEmail(body: z.input<typeof confirmEmailRequestSchema>): Promise<MessageResponse> {
  return call(endpoints.confirmEmail, { body });
}

/** "This was not me": removes the unconfirmed sign-up made with the address. */
export function removeSignup(body: z.input<typeof removeSignupRequestSchema>): Promise<MessageResponse> {
  return call(endpoints.removeSignup, { body });
}

export async function getSecurityQuestion(email: string, deviceId: string | undefined): Promise<string> {
  const reply = await call(endpoints.getSecurityQuestion, { body: { email, fingerprint: deviceId } });
  return reply.securityQuestion;
}

export function verifyAnswerAndReset(email: string, securityAnswer: string, deviceId: string | undefined, unlock?: string) {
  return call(endpoints.verifyAnswerAndReset, {
    body: { email, securityAnswer, deviceFingerprint: deviceId, unlock },
  });
}

export function confirmPasswordReset(token: string, newPassword: string) {
  return call(endpoints.confirmPasswordReset, { body: { token, newPassword } });
}
