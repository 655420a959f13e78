import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { challengeKinds } from '../core/domain/identity';
import { triggerFunction } from '../core/runtime/trigger-function';
import { checkEmailOtp } from '../core/services/challenges/email-otp';
import { verifyWithinAccountLimit } from '../core/services/challenges/lockout';
import { checkSecurityAnswer } from '../core/services/challenges/security-question';

/**
 * Checks the answer to the challenge CreateAuthChallenge posed (its kind travels privately),
 * within the account's limit of wrong answers across sign-ins (a locked account's answers are
 * checked too, and refused: services/challenges/lockout.ts).
 */
export const handler = triggerFunction<VerifyAuthChallengeResponseTriggerEvent>().handler(async (event) => {
  const kind = event.request.privateChallengeParameters?.kind;
  const user = { sub: event.request.userAttributes.sub ?? '', email: event.request.userAttributes.email };
  if (kind === challengeKinds.emailOtp) {
    event.response.answerCorrect = await verifyWithinAccountLimit(user, kind, () => checkEmailOtp(event));
  } else if (kind === challengeKinds.securityQuestion) {
    event.response.answerCorrect = await verifyWithinAccountLimit(user, kind, () => checkSecurityAnswer(event));
  } else {
    event.response.answerCorrect = false;
  }
  return event;
});
