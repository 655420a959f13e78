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

export const throttles = {
  /** Per email: reading the security question (forgot password). */
  question: {
    scope: 'question',
    limit: identityLimits.resetTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: accountMessages.resetThrottled,
  },
  /** Per email: answering it to get a reset link. */
  reset: {
    scope: 'reset',
    limit: identityLimits.resetTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: accountMessages.resetThrottled,
  },
  /**
   * Per source address and per email: sign-ups. The address limit is generous because mobile
   * carriers put many people behind one address; the captcha is the main guard.
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
  /** Per account: the security answer that sends a payment-PIN code (as many tries as device registration). */
  pinAnswer: {
    scope: 'pin-answer',
    limit: identityLimits.answerTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: 'Too many attempts. Please wait before trying again.',
  },
  /** Per account: the emailed code that sets the payment PIN (as many tries as the sign-in code). */
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
  /** Per account: account-name lookups at the provider (the bank page verifies on each change). */
  accountLookup: {
    scope: 'account-lookup',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many account lookups. Please try again later.',
  },
} as const satisfies Record<string, ThrottleRule>;
