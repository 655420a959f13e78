import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { isValidSignupTicket } from '../core/signup-ticket';

/**
 * Admits only sign-ups made by `secure-signup` (captcha checked, profile written), recognised by
 * its signed ticket; a direct call to Cognito's public SignUp is refused.
 */
export const handler = async (event: PreSignUpTriggerEvent) => {
  const email = event.request.userAttributes.email ?? '';
  if (!(await isValidSignupTicket(email, event.request.clientMetadata?.signupTicket))) {
    throw new Error('Sign-up must go through the sign-up page.');
  }
  return event;
};
