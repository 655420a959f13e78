import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { challengeKinds } from '../core/domain/identity';
import { triggerFunction } from '../core/runtime/trigger-function';
import { verifyEmailOtp } from '../core/services/challenges/email-otp';
import { verifyWithinAccountLimit } from '../core/services/challenges/lockout';
import { verifySecurityAnswer } from '../core/services/challenges/security-question';

/**
 * Checks the answer to the challenge CreateAuthChallenge posed (its kind travels privately),
 * within the account's limit of wrong answers across sign-ins.
 */
export const handler = triggerFunction<VerifyAuthChallengeResponseTriggerEvent>().handler(async (event) => {
  const kind = event.request.privateChallengeParameters?.kind;
  const user = { sub: event.request.userAttributes.sub ?? '', email: event.request.userAttributes.email };
  if (kind === challengeKinds.emailOtp) {
    event.response.answerCorrect = await verifyWithinAccountLimit(user, kind, () => verifyEmailOtp(event));
  } else if (kind === challengeKinds.securityQuestion) {
    event.response.answerCorrect = await verifyWithinAccountLimit(user, kind, () => verifySecurityAnswer(event));
  } else {
    event.response.answerCorrect = false;
  }
  return event;
});
