/**
 * Identity rules shared by the server and the browser: limits, the custom challenges of a sign-in
 * on a new device, and the spec's texts about accounts. Plain values, no AWS.
 */

/** The spec's minimum password length; no other character rules. */
export const passwordMinLength = 6;

/**
 * Sign-in. The browser signs in with Amplify `CUSTOM_WITH_SRP`, passing these client metadata keys.
 * On an untrusted device the pool then asks custom challenges whose public parameters are below.
 */
export const signInMetadataKeys = { deviceId: 'deviceId', deviceName: 'deviceName' } as const;

export const challengeKinds = { securityQuestion: 'SECURITY_QUESTION', emailOtp: 'EMAIL_OTP' } as const;

/** Tries of each challenge per sign-in, and the limits around them. */
export const identityLimits = {
  answerTries: 3,
  otpTries: 3,
  otpDigits: 6,
  otpValidityMinutes: 10,
  maxDevices: 5,
  resetTries: 5,
  resetWindowMinutes: 30,
  resetLinkValidityMinutes: 30,
} as const;

/** Message of the trigger error when a new device would pass the limit (surfaced by Cognito). */
export const maxDevicesMessage = 'Maximum device limit reached.';

/** Questions the sign-up form suggests; the server also draws decoy questions for unknown emails from them. */
export const securityQuestionSuggestions = [
  'What was the name of your first pet?',
  "What is your mother's maiden name?",
  'In what city were you born?',
  'What was the name of your primary school?',
  'What is the name of your best childhood friend?',
  'What was the make of your first car?',
] as const;

/** The spec's texts about accounts (§8). */
export const accountMessages = {
  accountExists: 'An account with this email already exists.',
  incorrectAnswer: 'Incorrect security answer.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  resetThrottled: 'Too Many Attempts. Please try again in 30 minutes.',
  signupThrottled: 'Too many sign-up attempts. Please try again later.',
} as const;
