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

/**
 * Compares the answer with the stored scrypt hash (a decoy hash when there is none: same cost).
 * A right answer has nothing more to do: the sign-in goes on to the emailed code.
 */
export async function checkSecurityAnswer(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<(() => Promise<boolean>) | null> {
  const profile = event.request.userNotFound ? undefined : await getProfile(event.request.userAttributes.sub ?? '');
  const matches = await verifySecret(
    normaliseAnswer(String(event.request.challengeAnswer ?? '')),
    profile?.security_answer_hash ?? decoyHash,
  );
  return matches && profile?.security_answer_hash ? async () => true : null;
}
