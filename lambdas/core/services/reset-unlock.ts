import { appLink, sendEmail } from '../adapters/email';
import { getSecret } from '../adapters/secrets';
import { keyedHash, safeEqual } from '../domain/hashing';
import { identityLimits } from '../domain/identity';
import { throttles } from '../domain/throttle-rules';
import { getProfile, getProfileByEmail } from '../entities/profile';
import { countIfWithin, isOverLimit } from '../entities/throttle';

/**
 * The owner's way past a stranger's guesses. Wrong answers to an email's security question are
 * limited per email (5 in 30 minutes, 15 a day), so anyone who knows the email could otherwise
 * keep its owner from resetting their password. When those limits refuse an answer, the account's
 * own address is sent, once a window, a link carrying an unlock proof: with it, answers for that
 * email are limited per proof (3 wrong ones), per email (6 a day with any proof) and per source
 * address instead, and the right answer
 * emails the reset link as usual. Only the mailbox's owner has the proof, so the stranger's limit stands.
 *
 * The proof is stateless: its expiry and a keyed hash of the email and that expiry, with the app's
 * secret, so it cannot be made for another email or kept beyond its 30 minutes.
 */

const proofOf = (key: string, email: string, expiresAt: number) => keyedHash(key, `reset-unlock:${email}:${expiresAt}`);

/** A proof for `email` valid for the reset window from `nowSeconds`: `<expiry>.<keyed hash>`. */
export function unlockProof(key: string, email: string, nowSeconds: number): string {
  const expiresAt = nowSeconds + identityLimits.resetWindowMinutes * 60;
  return `${expiresAt}.${proofOf(key, email, expiresAt)}`;
}

/** The proof's hash (what its own limit is kept under) when it is valid for `email` now; undefined otherwise. */
export function checkedUnlockProof(key: string, email: string, proof: string, nowSeconds: number): string | undefined {
  const [expiry = '', hash = ''] = proof.split('.');
  // Written as unlockProof writes it, decimal digits only (Number() also reads `0x…`, `1e9`).
  if (!/^\d{1,12}$/.test(expiry)) return undefined;
  const expiresAt = Number(expiry);
  const latest = nowSeconds + identityLimits.resetWindowMinutes * 60;
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds || expiresAt > latest) return undefined;
  return safeEqual(hash, proofOf(key, email, expiresAt)) ? hash : undefined;
}

/** The proof sent with an answer, when it is valid for that email: the key of its own limit. */
export async function unlockedBy(email: string, proof: string | undefined): Promise<string | undefined> {
  if (!proof) return undefined;
  return checkedUnlockProof(await getSecret('app'), email, proof, Math.floor(Date.now() / 1000));
}

/**
 * After an answer was refused for too many attempts: when it was the email's own limits (not the
 * source address's) and the email has an account, sends the owner the unlock link, at most once a
 * window. An email without an account gets the same reads and the same write (a decoy profile
 * read, the window's notice counted), so only the email itself differs; that an address has an
 * account is no secret of the product's (sign-up says so), whether it is locked is. Best effort:
 * the refusal stands whatever this does.
 */
export async function offerResetUnlock(email: string): Promise<void> {
  const locked = (await isOverLimit(throttles.reset, email)) || (await isOverLimit(throttles.resetDaily, email));
  if (!locked) return;
  const profile = (await getProfileByEmail(email)) ?? (await getProfile('decoy'));
  const firstThisWindow = await countIfWithin(throttles.resetUnlockNotice, email);
  if (!profile || profile.email !== email || !firstThisWindow) return;
  const proof = unlockProof(await getSecret('app'), email, Math.floor(Date.now() / 1000));
  const link = appLink(`/forgot-password#${new URLSearchParams({ email, unlock: proof })}`);
  const href = link.replaceAll('&', '&amp;');
  await sendEmail({
    to: profile.email,
    subject: 'Continue resetting your MiddleMan password',
    text: `Someone answered the security question of your MiddleMan account wrongly too many times, so password resets for it are paused for 30 minutes.\n\nIf that was you, use this link within 30 minutes to answer your question again and reset your password:\n\n${link}\n\nIf it was not you, you can ignore this email: nothing has changed.`,
    html: `<p>Someone answered the security question of your MiddleMan account wrongly too many times, so password resets for it are paused for 30 minutes.</p><p>If that was you, use this link within 30 minutes to answer your question again and reset your password:</p><p><a href="${href}">${href}</a></p><p>If it was not you, you can ignore this email: nothing has changed.</p>`,
  });
}
