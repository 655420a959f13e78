import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { ForbiddenError } from '../core/domain/errors';
import { triggerFunction } from '../core/runtime/trigger-function';
import { isValidSignupTicket } from '../core/services/signup-ticket';

/**
 * Admits only sign-ups made by `secure-signup` (captcha checked, profile written), recognised by
 * its signed ticket; a direct call to Cognito's public SignUp is refused.
 */
export const handler = triggerFunction<PreSignUpTriggerEvent>().handler(async (event) => {
  const email = event.request.userAttributes.email ?? '';
  if (!(await isValidSignupTicket(email, event.request.clientMetadata?.signupTicket))) {
    throw new ForbiddenError('Sign-up must go through the sign-up page.');
  }
  return event;
});
