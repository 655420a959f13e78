import { accountMessages, identityLimits } from './identity';

/** A limit on attempts per key in a fixed window; the attempts are counted in the table (entities/throttle.ts). */
export interface ThrottleRule {
  /** What is limited, e.g. 'reset' or 'signup-ip'. */
  scope: string;
  limit: number;
  windowSeconds: number;
  /** The message of the 429. */
  message: string;
}

/**
 * Invitation emails (issue 34): what one account may have us email, an hour, to addresses it names
 * as buyers. One new account once made 220 contracts for 220 unknown addresses in 14 s and had
 * 200 invitations relayed; the limits per recipient held, since each address got one. So the
 * sender is limited too: `perHour` for an account, fewer while it is new (younger than
 * `newAccountHours`), since an account made to relay spam is new and a real seller's first day
 * rarely names more than a handful of buyers by email. Past the limit the contract is still made,
 * only not emailed, and its creator is told to share the link by hand.
 */
export const invitationLimits = {
  perHour: 20,
  perHourNewAccount: 5,
  newAccountHours: 24,
} as const;

export const throttles = {
  /**
   * Per source address: reading security questions (forgot password). Reading one never fails, so
   * it is limited where it comes from: a limit per email would let anyone lock an owner out of
   * their own reset.
   */
  questionFromAddress: {
    scope: 'question-ip',
    limit: 30,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: accountMessages.resetThrottled,
  },
  /** Per email: wrong answers to its question (a right answer does not count). */
  reset: {
    scope: 'reset',
    limit: identityLimits.resetTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: accountMessages.resetThrottled,
  },
  /** Per email: wrong answers in a day, so the 30-minute windows cannot add up to hundreds of guesses. */
  resetDaily: {
    scope: 'reset-day',
    limit: 15,
    windowSeconds: 24 * 3600,
    message: accountMessages.resetThrottled,
  },
  /** Per source address: wrong answers, whichever emails they were for. */
  resetFromAddress: {
    scope: 'reset-ip',
    limit: 20,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: accountMessages.resetThrottled,
  },
  /**
   * Per unlock link (services/reset-unlock.ts: emailed to the account's own address when wrong
   * answers fill its windows): wrong answers sent with it. The link lets the mailbox's owner past a
   * stranger's guesses; this keeps the link itself from being a way to guess more.
   */
  resetUnlocked: {
    scope: 'reset-unlocked',
    limit: identityLimits.answerTries,
    // Longer than a link lives (30 minutes), so its few wrong answers are all it ever gets.
    windowSeconds: 24 * 3600,
    message: accountMessages.resetThrottled,
  },
  /**
   * Per email: wrong answers sent with unlock links in a day, whichever link; with `resetDaily` the
   * most a day can take, so a new link every window cannot add up to hundreds of guesses.
   */
  resetUnlockedDaily: {
    scope: 'reset-unlocked-day',
    limit: 2 * identityLimits.answerTries,
    windowSeconds: 24 * 3600,
    message: accountMessages.resetThrottled,
  },
  /** Per email: the unlock links sent to it, one a window, so guesses cannot flood the owner's inbox. */
  resetUnlockNotice: {
    scope: 'reset-unlock-notice',
    limit: 1,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: accountMessages.resetThrottled,
  },
  /**
   * Per source address: captchas that failed verification. Counted where they fail, so bogus
   * captchas use up only this budget, never the sign-ups of the people behind the same address.
   */
  signupCaptchaFromAddress: {
    scope: 'signup-captcha-ip',
    limit: 20,
    windowSeconds: 3600,
    message: accountMessages.signupThrottled,
  },
  /**
   * Per source address and per email: sign-ups that passed the captcha. The address limit is
   * generous because mobile carriers put many people behind one address; the captcha is the main guard.
   */
  signupFromAddress: {
    scope: 'signup-ip',
    limit: 100,
    windowSeconds: 3600,
    message: accountMessages.signupThrottled,
  },
  signupForEmail: {
    scope: 'signup-email',
    limit: 5,
    windowSeconds: 3600,
    message: accountMessages.signupThrottled,
  },
  /**
   * Per sign-up: wrong passwords on its email confirmation page, over the life of its emailed code
   * (identity.ts `signupConfirmationTries`); then it can only be removed or made again.
   */
  signupConfirmation: {
    scope: 'signup-confirmation',
    limit: identityLimits.signupConfirmationTries,
    windowSeconds: 24 * 3600, // Cognito's confirmation codes live 24 hours (lib/user-pool-settings.ts)
    message: accountMessages.confirmationTriesUsed,
  },
  /** Per account: wrong security answers that would send a payment-PIN code (as many as device registration allows). */
  pinAnswer: {
    scope: 'pin-answer',
    limit: identityLimits.answerTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: 'Too many attempts. Please wait before trying again.',
  },
  /** Per account: wrong emailed codes that would set the payment PIN (as many as the sign-in code allows). */
  pinCode: {
    scope: 'pin-code',
    limit: identityLimits.otpTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: 'Too many attempts. Please wait before trying again.',
  },
  /**
   * Per account: payment PINs typed (releases, bank changes). Each try takes a slot before it is
   * checked, so concurrent guesses cannot pass the limit; a right PIN gives its slot back.
   */
  pinEntry: {
    scope: 'pin',
    limit: 5,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: 'Too many payment PIN attempts. Please try again in 30 minutes.',
  },
  /** Per account: payment PINs typed in a day, so the 30-minute windows cannot add up to a search of the 10,000 PINs. */
  pinEntryDaily: {
    scope: 'pin-day',
    limit: 15,
    windowSeconds: 24 * 3600,
    message: 'Too many payment PIN attempts today. Reset your payment PIN from My Account, or try again tomorrow.',
  },
  /**
   * Per creator and named person: contracts aimed at one person, refused past the limit; and per
   * creator, contracts in all. What the person is told of them is limited lower (`noticesFromPerson`).
   */
  contractsForPerson: {
    scope: 'contracts-for',
    limit: 50,
    windowSeconds: 3600,
    message: 'Too many contracts for this person. Please try again later.',
  },
  contractsByCreator: {
    scope: 'contracts-by',
    limit: 200,
    windowSeconds: 3600,
    message: 'Too many contracts created. Please try again later.',
  },
  /** Per person: contracts made from templates (each one notifies the template's creator). */
  templateInstances: {
    scope: 'template-instances',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many contracts created. Please try again later.',
  },
  /**
   * What someone's action tells a person who did not ask for it (a contract naming them, an
   * invitation to their address, a contract made from their template): per sender and person, and
   * per person from everyone together. Past either limit the contract is still made and only the
   * telling (notification and email) is held back, the person told once a window that more came
   * (services/notifications.ts). Nobody is shown these messages.
   */
  noticesFromPerson: {
    scope: 'notices-from',
    limit: 5,
    windowSeconds: 3600,
    message: 'This person has been told of enough from this sender this hour.',
  },
  noticesForPerson: {
    scope: 'notices-for',
    limit: 20,
    windowSeconds: 3600,
    message: 'This person has been told of enough from others this hour.',
  },
  noticesHeldBack: {
    scope: 'notices-held-back',
    limit: 1,
    windowSeconds: 3600,
    message: 'This person has been told that more came this hour.',
  },
  /**
   * Per account: invitation emails (`invitationLimits`). One counter for both, so an account that
   * turns a day old within an hour carries on from what it sent, not from 0. Counted for every
   * contract named by email, whether an account has that address or not: counting only the
   * addresses without one would tell the sender, past the limit, which addresses have accounts.
   * Nobody is shown these messages: the contract is made and its creator told to share the link.
   */
  invitationEmails: {
    scope: 'invitation-emails',
    limit: invitationLimits.perHour,
    windowSeconds: 3600,
    message: 'This account has had enough invitations emailed this hour.',
  },
  invitationEmailsNewAccount: {
    scope: 'invitation-emails',
    limit: invitationLimits.perHourNewAccount,
    windowSeconds: 3600,
    message: 'This new account has had enough invitations emailed this hour.',
  },
  /** Per account: account-name lookups at the provider (the bank page verifies on each change). */
  accountLookup: {
    scope: 'account-lookup',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many account lookups. Please try again later.',
  },
  /**
   * Per person and per contract, for each way to pay (keys `<method>#<sub>`, `<method>#<contractId>`):
   * payments started (services/payments/start.ts). Each records a payment the sweep verifies
   * with the provider, and OPay and a new transfer account each make a charge there with the
   * merchant's key, whose rate limit everyone shares. A buyer retrying a declined card or a closed
   * OPay page has room for ten tries per contract; a transfer account shown again is not a new one
   * and does not count.
   */
  paymentsByPerson: {
    scope: 'payments-by',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many payment attempts. Please try again later.',
  },
  paymentsForContract: {
    scope: 'payments-for',
    limit: 10,
    windowSeconds: 3600,
    message: 'Too many payment attempts for this contract. Please try again later.',
  },
  /**
   * Per account, across sign-ins on new devices: wrong security answers and wrong emailed codes,
   * counted only when an answer was wrong (services/challenges/lockout.ts). A full window locks the
   * account's challenges until it ends; the limits and why are in identityLimits. Nobody is shown
   * these messages: the sign-in just fails, like one whose tries are used up.
   */
  signInAnswerFailures: {
    scope: 'signin-answer-failures',
    limit: identityLimits.accountAnswerFailures,
    windowSeconds: identityLimits.accountLockoutHours * 3600,
    message: 'Too many wrong security answers for this account. Please try again later.',
  },
  signInCodeFailures: {
    scope: 'signin-code-failures',
    limit: identityLimits.accountCodeFailures,
    windowSeconds: identityLimits.accountLockoutHours * 3600,
    message: 'Too many wrong verification codes for this account. Please try again later.',
  },
  /** Per account: the email that tells the owner of a lockout, once per lockout window (same window). */
  signInLockoutNotice: {
    scope: 'signin-lockout-notice',
    limit: 1,
    windowSeconds: identityLimits.accountLockoutHours * 3600,
    message: 'The owner has already been told of this lockout.',
  },
} as const satisfies Record<string, ThrottleRule>;

/** The invitation emails an account may still have sent this hour: fewer while it is new. */
export function invitationEmailRule(accountCreatedAt: string | undefined, now = Date.now()): ThrottleRule {
  const age = now - Date.parse(accountCreatedAt ?? '');
  // No date, or one that cannot be read: as new as can be.
  const isNew = !(age >= invitationLimits.newAccountHours * 3600_000);
  return isNew ? throttles.invitationEmailsNewAccount : throttles.invitationEmails;
}
