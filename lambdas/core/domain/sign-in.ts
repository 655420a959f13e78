import { challengeKinds, identityLimits } from './identity';

/** One step of a sign-in as Cognito records it in the trigger events' `session`. */
export interface ChallengeStep {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

export type ChallengeKind = (typeof challengeKinds)[keyof typeof challengeKinds];

export type Decision = { next: 'tokens' } | { next: 'fail' } | { next: 'password' } | { next: 'challenge'; kind: ChallengeKind };

const failuresOf = (session: ChallengeStep[], kind: ChallengeKind) =>
  session.filter((s) => s.challengeName === 'CUSTOM_CHALLENGE' && s.challengeMetadata === kind && !s.challengeResult).length;

/** What `decide` may ask about the account, each only when the rules need it. */
export interface SignInContext {
  userNotFound: boolean;
  /** Whether the device is one of the user's trusted devices and proved it with its secret. */
  deviceTrusted: () => Promise<boolean>;
  /** Whether the account's wrong answers or codes across sign-ins reached their limit (identityLimits). */
  accountLocked: () => Promise<boolean>;
}

/**
 * The sign-in rules, with no AWS in them: SRP start -> password; a correct password on a trusted
 * device -> tokens, on a new device -> the security question (3 tries) -> the email code (3 tries)
 * -> tokens. Anything else fails. `deviceTrusted` is asked only after a correct password. After
 * every answer to a challenge a locked account fails, whatever the answer: the per-sign-in tries
 * alone would let anyone who has the password guess again in the next sign-in. A trusted device
 * is not held up by the lock, so guessing on a new device never locks the owner out.
 */
export async function decide(session: ChallengeStep[], context: SignInContext): Promise<Decision> {
  const last = session.at(-1);
  if (!last) return { next: 'fail' };
  if (session.length === 1) return last.challengeName === 'SRP_A' ? { next: 'password' } : { next: 'fail' };
  if (last.challengeName === 'PASSWORD_VERIFIER') {
    if (!last.challengeResult || context.userNotFound || session.length !== 2) return { next: 'fail' };
    return (await context.deviceTrusted()) ? { next: 'tokens' } : { next: 'challenge', kind: challengeKinds.securityQuestion };
  }
  // Custom steps count only after SRP start and a right password, in that order.
  const passwordProven =
    session[0]?.challengeName === 'SRP_A' && session[1]?.challengeName === 'PASSWORD_VERIFIER' && session[1].challengeResult;
  if (last.challengeName !== 'CUSTOM_CHALLENGE' || context.userNotFound || !passwordProven) return { next: 'fail' };
  if (await context.accountLocked()) return { next: 'fail' };
  if (last.challengeMetadata === challengeKinds.securityQuestion) {
    if (last.challengeResult) return { next: 'challenge', kind: challengeKinds.emailOtp };
    return failuresOf(session, challengeKinds.securityQuestion) < identityLimits.answerTries
      ? { next: 'challenge', kind: challengeKinds.securityQuestion }
      : { next: 'fail' };
  }
  if (last.challengeMetadata === challengeKinds.emailOtp) {
    const answered = session.some((s) => s.challengeMetadata === challengeKinds.securityQuestion && s.challengeResult);
    if (!answered) return { next: 'fail' };
    if (last.challengeResult) return { next: 'tokens' };
    return failuresOf(session, challengeKinds.emailOtp) < identityLimits.otpTries
      ? { next: 'challenge', kind: challengeKinds.emailOtp }
      : { next: 'fail' };
  }
  return { next: 'fail' };
}

/** Which custom challenge CreateAuthChallenge must pose now (the one `decide` chose). */
export function pendingChallenge(session: ChallengeStep[]): { kind: ChallengeKind; retry: boolean } {
  const last = session.at(-1);
  if (last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeMetadata === challengeKinds.securityQuestion) {
    return last.challengeResult
      ? { kind: challengeKinds.emailOtp, retry: false }
      : { kind: challengeKinds.securityQuestion, retry: true };
  }
  if (last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeMetadata === challengeKinds.emailOtp) {
    return { kind: challengeKinds.emailOtp, retry: true };
  }
  return { kind: challengeKinds.securityQuestion, retry: false };
}
