import { sendEmail } from '../adapters/email';
import { listBanks, resolveAccount } from '../adapters/flutterwave/banks';
import { ProviderUnavailableError } from '../adapters/flutterwave/client';
import { logger } from '../adapters/logger';
import { getSecret } from '../adapters/secrets';
import { bankMessages, pinMessages, type SaveBankInfoRequest } from '../api/account';
import { bankName, maskAccountNumber } from '../domain/banks';
import { ConflictError, IncorrectSecretError, UnavailableError, ValidationError } from '../domain/errors';
import { hashSecret, normaliseAnswer, verifySecret } from '../domain/hashing';
import { accountMessages, identityLimits } from '../domain/identity';
import { throttles } from '../domain/throttle-rules';
import { getProfile, paymentPinUpdate, saveBankDetails, saveForeignAccount, type UserProfile } from '../entities/profile';
import { issueSignInCode, matchSignInCode } from '../entities/sign-in-code';
import { onConditionFailed, transactWrite } from '../entities/table';
import { resumePayoutsToNewAccount } from './payouts/failure';
import { sendRefundsToBankOf } from './refunds/send';
import { countAttempt, countFailures } from './throttles';

/**
 * What a seller sets up to be paid: the payment PIN (set or reset with the security answer and a
 * code emailed to the account, stored as a salted hash) and the bank details payouts go to
 * (resolved with the provider by the server; saved only with the PIN; the account is emailed).
 * The same account takes a buyer's refunds that cannot go back the way they were paid.
 */

async function ownProfile(sub: string): Promise<UserProfile> {
  const profile = await getProfile(sub);
  if (!profile) throw new ConflictError('Your profile is incomplete. Please contact support.');
  return profile;
}

/**
 * Checks a typed payment PIN: at most 5 wrong tries per 30 minutes and 15 a day. Every try takes a
 * slot first (so concurrent guesses cannot pass the limit); a right one gives them back.
 * Returns the hash it matched, for writes that must not outlive a PIN change.
 */
export async function checkPaymentPin(profile: UserProfile, pin: string): Promise<string> {
  const pinHash = profile.payment_pin_hash;
  if (!pinHash) throw new ConflictError(pinMessages.notSet);
  await countFailures(
    [
      [throttles.pinEntry, profile.sub],
      [throttles.pinEntryDaily, profile.sub],
    ],
    async () => {
      if (!(await verifySecret(pin, pinHash))) throw new IncorrectSecretError(pinMessages.wrong);
    },
  );
  return pinHash;
}

/** Step 1 of setting the PIN: the security answer, then a 6-digit code to the account's email. */
export async function sendPinCode(sub: string, answer: string): Promise<void> {
  const profile = await ownProfile(sub);
  await countFailures([[throttles.pinAnswer, sub]], async () => {
    if (!(await verifySecret(normaliseAnswer(answer), profile.security_answer_hash)))
      throw new IncorrectSecretError(accountMessages.incorrectAnswer);
  });
  const code = await issueSignInCode(sub, await getSecret('app'), Date.now(), 'PIN');
  await sendEmail({
    to: profile.email,
    subject: 'Your MiddleMan payment PIN code',
    text: `Your code to set your payment PIN is ${code}. It expires in ${identityLimits.otpValidityMinutes} minutes. If you did not ask for it, change your password.`,
  });
}

/** Step 2: the emailed code (used once) and the new PIN, stored as a salted hash; the account is told by email. */
export async function setPaymentPin(sub: string, code: string, pin: string): Promise<void> {
  const profile = await ownProfile(sub);
  const consume = await countFailures([[throttles.pinCode, sub]], async () => {
    const matched = await matchSignInCode(sub, await getSecret('app'), code, Date.now(), 'PIN');
    if (!matched) throw new ValidationError(pinMessages.codeInvalid);
    return matched;
  });
  await onConditionFailed(transactWrite([consume, paymentPinUpdate(sub, await hashSecret(pin))]), () => {
    throw new ValidationError(pinMessages.codeInvalid);
  });
  await sendEmail({
    to: profile.email,
    subject: `Your MiddleMan payment PIN was ${profile.payment_pin_hash ? 'changed' : 'set'}`,
    text: `Your payment PIN was ${profile.payment_pin_hash ? 'changed' : 'set'}. If this was not you, reset your password and your PIN now.`,
  });
}

/** The account holder's name at the provider, for a signed-in user's bank page (throttled per user). */
export async function lookUpAccountName(sub: string, accountNumber: string, bankCode: string): Promise<string> {
  await countAttempt(throttles.accountLookup, sub);
  return resolveAccountName(accountNumber, bankCode);
}

/** The account holder's name at the provider; the provider being down is a 503, an unknown account a 400. */
export async function resolveAccountName(accountNumber: string, bankCode: string): Promise<string> {
  let name: string | null;
  try {
    name = await resolveAccount(accountNumber, bankCode);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new UnavailableError(bankMessages.verifyFailed);
    throw error;
  }
  if (!name) throw new ValidationError(bankMessages.verifyFailed);
  return name;
}

/**
 * Saves where payouts go: the naira account, or with `currency: 'USD'` the dollar (domiciliary)
 * one. The name is resolved again here (a name from the browser is never trusted); the PIN must be
 * right; the account is emailed about the change.
 */
export async function saveBankInfo(
  sub: string,
  input: SaveBankInfoRequest,
): Promise<{ bank_code: string; account_number: string; account_name: string; currency?: 'USD'; preferred?: boolean }> {
  const profile = await ownProfile(sub);
  const pinHash = await checkPaymentPin(profile, input.pin);
  const account_name = await resolveAccountName(input.account_number, input.bank_code);
  const details = { bank_code: input.bank_code, account_number: input.account_number, account_name };
  const dollars = input.currency === 'USD';
  const preferred = input.preferred ?? false;
  const saved = dollars
    ? await saveForeignAccount(profile, 'USD', { ...details, preferred }, pinHash)
    : await saveBankDetails(sub, details, pinHash);
  if (!saved) throw new ConflictError(pinMessages.wrong);
  await sendMoneyWaitingForAccount(sub);
  const which = dollars ? 'Dollar payouts' : 'Payouts';
  await sendEmail({
    to: profile.email,
    subject: dollars ? 'Your MiddleMan dollar account was changed' : 'Your MiddleMan bank details were changed',
    text: `${which} will now go to ${account_name}, ${bankName(input.bank_code)} ${maskAccountNumber(input.account_number)}. If this was not you, reset your password and your payment PIN now, and contact support.`,
  });
  return dollars ? { ...details, currency: 'USD', preferred } : details;
}

/**
 * Money that waited for this person's bank account goes there now: refunds that could not go back
 * the way they were paid, and payouts that had no account or a failed one. The details are saved
 * whatever happens here; a failure is logged: refunds already pointed at the account are moved on
 * by the sweep, a payout not resumed waits for ops (or the next save).
 */
async function sendMoneyWaitingForAccount(sub: string): Promise<void> {
  const [refunds, payouts] = await Promise.allSettled([sendRefundsToBankOf(sub), resumePayoutsToNewAccount(sub)]);
  for (const outcome of [refunds, payouts])
    if (outcome.status === 'rejected')
      logger.warn('Money waiting for a bank account not sent on yet', { sub, error: outcome.reason as Error });
}

/** The provider's Nigerian banks, each code once, by name. */
export async function bankList(): Promise<Array<{ code: string; name: string }>> {
  let banks: Array<{ code: string; name: string }>;
  try {
    banks = await listBanks();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new UnavailableError(bankMessages.banksUnavailable);
    throw error;
  }
  const byCode = new Map(banks.map((bank) => [bank.code, bank]));
  return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name));
}
