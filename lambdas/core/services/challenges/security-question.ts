import type { CreateAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { decoyHash, normaliseAnswer, verifySecret } from '../../domain/hashing';
import { challengeKinds } from '../../domain/identity';
import { getProfile } from '../../entities/profile';

/** Poses the user's security question (empty when the account has none). */
export async function addSecurityQuestion(event: CreateAuthChallengeTriggerEvent, retry: boolean): Promise<void> {
  const profile = event.request.userNotFound ? undefined : await getProfile(event.request.userAttributes.sub ?? '');
  event.response.publicChallengeParameters = {
    challenge: challengeKinds.securityQuestion,
    question: profile?.security_ques ?? '',
    retry: String(retry),
  };
  event.response.privateChallengeParameters = { kind: challengeKinds.securityQuestion };
  event.response.challengeMetadata = challengeKinds.securityQuestion;
}

/** Compares the answer with the stored scrypt hash (a decoy hash when there is none: same cost). */
export async function verifySecurityAnswer(event: VerifyAuthChallengeResponseTriggerEvent): Promise<boolean> {
  const profile = event.request.userNotFound ? undefined : await getProfile(event.request.userAttributes.sub ?? '');
  const matches = await verifySecret(
    normaliseAnswer(String(event.request.challengeAnswer ?? '')),
    profile?.security_answer_hash ?? decoyHash,
  );
  return matches && Boolean(profile?.security_answer_hash);
}
