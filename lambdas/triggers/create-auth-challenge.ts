import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { challengeKinds } from '../core/domain/identity';
import { pendingChallenge } from '../core/domain/sign-in';
import { triggerFunction } from '../core/runtime/trigger-function';
import { addEmailOtp } from '../core/services/challenges/email-otp';
import { addSecurityQuestion } from '../core/services/challenges/security-question';

/** Poses the custom challenge DefineAuthChallenge chose: the security question or the email code. */
export const handler = triggerFunction<CreateAuthChallengeTriggerEvent>().handler(async (event) => {
  const { kind, retry } = pendingChallenge(event.request.session);
  if (kind === challengeKinds.emailOtp) await addEmailOtp(event, retry);
  else await addSecurityQuestion(event, retry);
  return event;
});
