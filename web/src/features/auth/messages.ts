import { identityLimits, maxDevicesMessage } from '../../../../lambdas/core/contracts/identity';

/** The spec's user-facing texts for sign-up, login, password reset and device registration (§8). */
export const authMessages = {
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  fillAllFields: 'Please fill in all fields.',
  captchaNotReady: 'CAPTCHA not ready. Please try again.',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  unexpected: 'An unexpected error occurred',

  unconfirmedEmail: 'Please verify your email before logging in. Check your inbox for the confirmation link.',
  invalidCredentials: 'Invalid Email Or Password. Please try again.',
  noDeviceId: 'Unable to generate device ID. Try again.',
  invalidResponse: 'Invalid response from server',

  enterEmail: 'Please enter your email address.',
  enterAnswer: 'Please enter your security answer.',
  resetThrottled: `Too Many Attempts. Please try again in ${identityLimits.resetWindowMinutes} minutes.`,
  questionLookupFailed: 'Failed to find security question.',
  questionNotFound: 'Security question not found.',
  verificationFailed: 'Verification failed. Please try again.',
  incorrectResetAnswer: 'Incorrect security answer.',

  fillBothPasswords: 'Please fill in both password fields.',
  setPasswordFailed: (reason: string) => `Failed to set new password: ${reason}`,

  noSecurityQuestion: 'No security question found for this user',
  incorrectAnswer: 'Incorrect security answer. Please try again.',
  answerThrottled: 'Too many attempts. Please wait before trying again.',
  answerRejected: 'INCORRECT ANSWER OR MAX RETRIES REACHED. PLEASE TRY AGAIN LATER.',
  otpSent: 'Correct answer. An OTP has been sent to your email.',
  invalidOtp: 'Invalid or expired OTP.',
  maxDevices: maxDevicesMessage,
  otpVerificationFailed: 'Verification failed',
} as const;
