import { appLink, sendEmail } from '../../adapters/email';
import { logger } from '../../adapters/logger';
import { challengeKinds } from '../../domain/identity';
import type { ChallengeKind } from '../../domain/sign-in';
import { type ThrottleRule, throttles } from '../../domain/throttle-rules';
import { countIfWithin, isOverLimit, recordFailure, windowEnd } from '../../entities/throttle';

/**
 * The account-level limit on new-device challenges: the wrong answers and wrong codes of every
 * sign-in of an account add up (identityLimits), so a new sign-in does not buy three fresh
 * guesses. Only failures count, after the check; a lock holds until its window ends.
 */
const failureRules = {
  [challengeKinds.securityQuestion]: throttles.signInAnswerFailures,
  [challengeKinds.emailOtp]: throttles.signInCodeFailures,
} as const;

/** The limit that locks the account's challenges (wrong answers or wrong codes reached it), if one does. */
async function lockOf(sub: string, now: number): Promise<ThrottleRule | undefined> {
  if (!sub) return undefined;
  const rules = Object.values(failureRules);
  const over = await Promise.all(rules.map((rule) => isOverLimit(rule, sub, now)));
  return rules.find((_, i) => over[i]);
}

/** Whether the account's challenges are locked: wrong answers or wrong codes reached their limit. */
export async function isAccountLocked(sub: string, now = Date.now()): Promise<boolean> {
  return (await lockOf(sub, now)) !== undefined;
}

/**
 * What checking an answer found, having changed nothing: null for a wrong answer; for a right one,
 * what taking it does (the emailed code's: use it up and trust the device), which runs only when
 * the account is not locked.
 */
export type AnswerCheck = () => Promise<(() => Promise<boolean>) | null>;

/**
 * Checks an answer within the account's limit; a wrong answer counts against the account. A locked
 * account's answer is refused whatever it is, yet checked all the same and counted like a wrong
 * one, against the full window (which refuses the count, so nothing changes): the same reads, hash
 * and write as any wrong answer. Refused at once, it answered in a fraction of the time, so anyone
 * with the password could time whether their guesses still counted or the owner had been warned.
 */
export async function verifyWithinAccountLimit(
  user: { sub: string; email?: string },
  kind: ChallengeKind,
  check: AnswerCheck,
): Promise<boolean> {
  const now = Date.now();
  const lock = await lockOf(user.sub, now);
  const take = await check();
  if (lock) {
    await recordFailure(lock, user.sub, now);
    return false;
  }
  if (!take) {
    await recordChallengeFailure(user, kind, now);
    return false;
  }
  return take();
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
  if (!(await countIfWithin(throttles.signInLockoutNotice, user.sub, now))) return;
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
