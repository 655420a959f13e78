import { identityLimits } from './contracts/identity';
import type { ThrottleRule } from './throttle';

/** The spec's forgot-password text for a 429 (§8: 'Too Many Attempts ... try again in 30 minutes.'). */
const resetThrottled = 'Too Many Attempts. Please try again in 30 minutes.';

export const throttles = {
  /** Per email: reading the security question (forgot password). */
  question: {
    scope: 'question',
    limit: identityLimits.resetTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: resetThrottled,
  },
  /** Per email: answering it to get a reset link. */
  reset: {
    scope: 'reset',
    limit: identityLimits.resetTries,
    windowSeconds: identityLimits.resetWindowMinutes * 60,
    message: resetThrottled,
  },
  /**
   * Per source address and per email: sign-ups. The address limit is generous because mobile
   * carriers put many people behind one address; the captcha is the main guard.
   */
  signupFromAddress: {
    scope: 'signup-ip',
    limit: 100,
    windowSeconds: 3600,
    message: 'Too many sign-up attempts. Please try again later.',
  },
  signupForEmail: {
    scope: 'signup-email',
    limit: 5,
    windowSeconds: 3600,
    message: 'Too many sign-up attempts. Please try again later.',
  },
} as const satisfies Record<string, ThrottleRule>;
