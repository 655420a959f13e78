import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { challengeKinds } from '../core/domain/identity';
import { triggerFunction } from '../core/runtime/trigger-function';
import { verifyEmailOtp } from '../core/services/challenges/email-otp';
import { verifySecurityAnswer } from '../core/services/challenges/security-question';

/** Checks the answer to the challenge CreateAuthChallenge posed (its kind travels privately). */
export const handler = triggerFunction<VerifyAuthChallengeResponseTriggerEvent>().handler(async (event) => {
  const kind = event.request.privateChallengeParameters?.kind;
  event.response.answerCorrect =
    kind === challengeKinds.emailOtp
      ? await verifyEmailOtp(event)
      : kind === challengeKinds.securityQuestion && (await verifySecurityAnswer(event));
  return event;
});
