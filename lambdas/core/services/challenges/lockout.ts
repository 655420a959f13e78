import { appLink, sendEmail } from '../../adapters/email';
import { logger } from '../../adapters/logger';
import { challengeKinds } from '../../domain/identity';
import type { ChallengeKind } from '../../domain/sign-in';
import { throttles } from '../../domain/throttle-rules';
import { isOverLimit, recordFailure, windowEnd } from '../../entities/throttle';

/**
 * The account-level limit on new-device challenges: the wrong answers and wrong codes of every
 * sign-in of an account add up (identityLimits), so a new sign-in does not buy three fresh
 * guesses. Only failures count, after the check; a lock holds until its window ends.
 */
const failureRules = {
  [challengeKinds.securityQuestion]: throttles.signInAnswerFailures,
  [challengeKinds.emailOtp]: throttles.signInCodeFailures,
} as const;

/** Whether the account's challenges are locked: wrong answers or wrong codes reached their limit. */
export async function isAccountLocked(sub: string, now = Date.now()): Promise<boolean> {
  if (!sub) return false;
  const over = await Promise.all(Object.values(failureRules).map((rule) => isOverLimit(rule, sub, now)));
  return over.includes(true);
}

/**
 * Checks an answer within the account's limit: a locked account's answers are all wrong (not
 * even checked, so a right one does not slip through); a wrong answer counts against the account.
 */
export async function verifyWithinAccountLimit(
  user: { sub: string; email?: string },
  kind: ChallengeKind,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  if (await isAccountLocked(user.sub)) return false;
  const correct = await verify();
  if (!correct) await recordChallengeFailure(user, kind);
  return correct;
}

/**
 * Counts a wrong answer or code against the account. The failure that locks it emails the owner,
 * once per lockout: the email is claimed in a window of its own, so both kinds reaching their
 * limits, or two failures at the same moment, still send one. An email that cannot be sent is
 * logged, not shown: the person signing in only learns that the answer was wrong.
 */
export async function recordChallengeFailure(
  user: { sub: string; email?: string },
  kind: ChallengeKind,
  now = Date.now(),
): Promise<void> {
  if (!user.sub) return;
  const rule = failureRules[kind];
  const failures = await recordFailure(rule, user.sub, now);
  if (failures === null || failures < rule.limit || !user.email) return;
  if ((await recordFailure(throttles.signInLockoutNotice, user.sub, now)) === null) return;
  await sendEmail(lockoutEmail(user.email, windowEnd(rule, now))).catch((error: unknown) =>
    logger.error('Could not send the lockout email', { sub: user.sub, error: error as Error }),
  );
}

function lockoutEmail(to: string, until: Date) {
  const untilText = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: 'Someone failed repeatedly to sign in to your MiddleMan account',
    text: `Someone tried to sign in to your MiddleMan account from a new device and failed repeatedly to answer your security question or to enter the code we emailed. A new device is asked these only after the right password.\n\nIf it was not you, reset your password now: ${appLink('/forgot-password')}\n\nUntil ${untilText} no new device can be added to your account. The devices you already use still sign in.\n\nMiddleMan`,
  };
}
