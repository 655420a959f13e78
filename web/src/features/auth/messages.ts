import { accountMessages, maxDevicesMessage } from '@escrow/domain/identity';
import { sharedMessages } from '../../lib/messages';

/**
 * The texts of the sign-up, login, password reset and device registration pages (spec §8). The
 * account rules' own texts are the domain's (`accountMessages`); the pages' texts build on them.
 */
export const authPageMessages = {
  passwordTooShort: accountMessages.passwordTooShort,
  passwordsDoNotMatch: 'Passwords do not match.',
  enterFullName: 'Please enter your full name.',
  confirmYourPassword: 'Please confirm your password.',
  enterPhoneNumber: 'Please enter your phone number.',
  chooseSecurityQuestion: 'Please select a security question.',
  captchaNotReady: 'CAPTCHA not ready. Please try again.',
  accountExists: `${accountMessages.accountExists} Please sign in instead.`,
  unexpected: sharedMessages.unexpected,

  unconfirmedEmail: 'Please verify your email before logging in. Check your inbox for the confirmation link.',
  invalidCredentials: 'Invalid Email Or Password. Please try again.',
  noDeviceId: 'Unable to generate device ID. Try again.',
  invalidResponse: 'Invalid response from server',
  sessionFailed: 'Login failed. Please try again.',

  enterEmail: 'Please enter your email address.',
  enterPassword: 'Please enter your password.',
  enterAnswer: 'Please enter your security answer.',
  resetThrottled: accountMessages.resetThrottled,
  questionLookupFailed: 'Failed to find security question.',
  questionNotFound: 'Security question not found.',
  verificationFailed: 'Verification failed. Please try again.',
  incorrectResetAnswer: accountMessages.incorrectAnswer,

  fillBothPasswords: 'Please fill in both password fields.',
  resetLinkMissing: 'Please use the password reset link from your email...',
  resetLinkUnreadable: 'Failed to load session...',
  setPasswordFailed: (reason: string) => `Failed to set new password: ${reason}`,

  questionLoadFailed: 'Unable to load security question. Please try logging in again.',
  noSecurityQuestion: 'No security question found for this user',
  incorrectAnswer: `${accountMessages.incorrectAnswer} Please try again.`,
  answerThrottled: 'Too many attempts. Please wait before trying again.',
  answerRejected: 'INCORRECT ANSWER OR MAX RETRIES REACHED. PLEASE TRY AGAIN LATER.',
  otpSent: 'Correct answer. An OTP has been sent to your email.',
  invalidOtp: 'Invalid or expired OTP.',
  maxDevices: maxDevicesMessage,
  otpVerificationFailed: 'Verification failed',
} as const;
