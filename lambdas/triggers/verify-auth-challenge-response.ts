import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { verifyEmailOtp } from '../core/challenges/email-otp';
import { verifySecurityAnswer } from '../core/challenges/security-question';
import { challengeKinds } from '../core/contracts/identity';

/** Checks the answer to the challenge CreateAuthChallenge posed (its kind travels privately). */
export const handler = async (event: VerifyAuthChallengeResponseTriggerEvent) => {
  const kind = event.request.privateChallengeParameters?.kind;
  event.response.answerCorrect =
    kind === challengeKinds.emailOtp
      ? await verifyEmailOtp(event)
      : kind === challengeKinds.securityQuestion && (await verifySecurityAnswer(event));
  return event;
};
