/**
 * Identity rules shared by the server and the browser: limits, the custom challenges of a sign-in
 * on a new device, and the spec's texts about accounts. Plain values, no AWS.
 */

/** The spec's minimum password length; no other character rules. */
export const passwordMinLength = 6;

/**
 * Sign-in. The browser signs in with Amplify `CUSTOM_WITH_SRP`, passing these client metadata keys:
 * the fingerprint (`deviceId`) names the device, and `deviceSecret`, the secret the server issued
 * to that browser when it became trusted (at sign-up or at the emailed code), proves it. On an
 * untrusted device the pool then asks custom challenges whose public parameters are in api/identity.ts.
 */
export const signInMetadataKeys = { deviceId: 'deviceId', deviceName: 'deviceName', deviceSecret: 'deviceSecret' } as const;

/**
 * The device id a browser uses when its fingerprint cannot be computed (spec §7 "Other"). Every
 * such browser shares it, so it proves nothing: it signs in as a new device every time and is never
 * made a trusted device.
 */
export const fallbackDeviceId = 'unknown';

export const challengeKinds = { securityQuestion: 'SECURITY_QUESTION', emailOtp: 'EMAIL_OTP' } as const;

/** Tries of each challenge per sign-in, and the limits around them. */
export const identityLimits = {
  answerTries: 3,
  otpTries: 3,
  /**
   * Per account, across sign-ins, in a fixed window of `accountLockoutHours`: wrong security answers
   * and wrong emailed codes. Reaching either locks the new-device challenges of the account (trusted
   * devices still sign in) until the window ends, and the owner is emailed once. 10 leaves a person
   * who misremembers three whole failed sign-ins in a day; someone guessing gets 10 answers a day
   * instead of 3 per sign-in without end, and 10 codes a day (a 1 in 100,000 chance) instead of 3
   * per emailed code.
   */
  accountAnswerFailures: 10,
  accountCodeFailures: 10,
  accountLockoutHours: 24,
  otpDigits: 6,
  /**
   * Wrong passwords on the email confirmation page before a sign-up can only be removed or made
   * again: the link's code is already proof of the inbox, so these guard only against guessing the
   * password of someone else's sign-up.
   */
  signupConfirmationTries: 5,
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

/**
 * Questions people write themselves, in the shapes they take. An unknown email's decoy question is
 * drawn from these as well as from the suggestions (services/accounts.ts), so a question of one's
 * own wording does not mark an account as real.
 */
export const decoyOwnQuestions = [
  'What is your favourite food?',
  'What was your childhood nickname?',
  'What is the name of the street you grew up on?',
  'What is your favourite football club?',
  "What is your father's middle name?",
  'What was the name of your secondary school?',
  'Who was your favourite teacher?',
  'What is your favourite book?',
  'In what town did your parents meet?',
  'What was your first job?',
  'What is the name of your eldest cousin?',
  "What is your grandmother's first name?",
  'What was the first concert you attended?',
  'What is your favourite colour?',
  'Where did you go on your first holiday?',
  'What was the name of your first boss?',
  'What is your favourite movie?',
  'What was your dream job as a child?',
] as const;

/**
 * The decoy question of an unknown email, from a keyed hash of it (stable per email). Most people
 * pick a suggestion and some write their own, so a decoy is a suggestion 3 times in 4.
 */
export function decoyQuestion(digest: string): string {
  const [pick = 0, index = 0] = [digest.charCodeAt(0), digest.charCodeAt(1)];
  const pool: readonly string[] = pick % 4 === 0 ? decoyOwnQuestions : securityQuestionSuggestions;
  return pool[index % pool.length] ?? securityQuestionSuggestions[0];
}

/** The spec's texts about accounts (§8). */
export const accountMessages = {
  accountExists: 'An account with this email already exists.',
  incorrectAnswer: 'Incorrect security answer.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  resetThrottled: 'Too Many Attempts. Please try again in 30 minutes.',
  signupThrottled: 'Too many sign-up attempts. Please try again later.',
  confirmationLinkInvalid: 'This confirmation link is no longer valid. If you signed up, please sign up again.',
  confirmationPasswordWrong:
    'This is not the password this sign-up was made with. If you did not sign up, choose "This was not me".',
  confirmationTriesUsed:
    'Too many wrong passwords. If you did not sign up, choose "This was not me"; otherwise please sign up again.',
  alreadyConfirmed: 'This email is already confirmed. You can sign in.',
  signupRemoved: 'The sign-up was removed. Nobody can use this email address with MiddleMan until its owner signs up.',
} as const;
