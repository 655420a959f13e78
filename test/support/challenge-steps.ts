import type { ChallengeStep } from '../../lambdas/core/domain/sign-in';

/** The steps of a Cognito custom-auth session, as the sign-in triggers are told of them. */
export const srpA: ChallengeStep = { challengeName: 'SRP_A', challengeResult: true };
export const password = (ok: boolean): ChallengeStep => ({ challengeName: 'PASSWORD_VERIFIER', challengeResult: ok });
export const question = (ok: boolean): ChallengeStep => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: ok,
  challengeMetadata: 'SECURITY_QUESTION',
});
export const otp = (ok: boolean): ChallengeStep => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: ok,
  challengeMetadata: 'EMAIL_OTP',
});
