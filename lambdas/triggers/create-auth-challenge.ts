import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { addEmailOtp } from '../core/challenges/email-otp';
import { pendingChallenge } from '../core/challenges/flow';
import { addSecurityQuestion } from '../core/challenges/security-question';
import { challengeKinds } from '../core/contracts/identity';

/** Poses the custom challenge DefineAuthChallenge chose: the security question or the email code. */
export const handler = async (event: CreateAuthChallengeTriggerEvent) => {
  const { kind, retry } = pendingChallenge(event.request.session);
  if (kind === challengeKinds.emailOtp) await addEmailOtp(event, retry);
  else await addSecurityQuestion(event, retry);
  return event;
};
