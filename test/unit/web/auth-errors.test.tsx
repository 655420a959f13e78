// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  resetAnswerFailure,
  securityQuestionFailure,
  setPasswordFailure,
  signupFailure,
} from '../../../web/src/features/auth/errors';
import { answerFailure, otpFailure, signInErrorMessage } from '../../../web/src/features/auth/sign-in';
import { ApiError } from '../../../web/src/lib/api';

const serverError = (status: number, message: string) => new ApiError(status, message, true);
const bareError = (status: number) => new ApiError(status, `Request failed with status ${status}`);
const authError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('sign-up errors', () => {
  it("turns 'already exists' into the spec's text and opens the Account Exists dialog", () => {
    expect(signupFailure(serverError(409, 'User already exists'))).toEqual({
      message: 'An account with this email already exists. Please sign in instead.',
      accountExists: true,
    });
  });

  it('shows throttling, captcha and validation messages as the server words them', () => {
    expect(signupFailure(serverError(429, 'Too many sign-up attempts.')).message).toBe('Too many sign-up attempts.');
    expect(signupFailure(serverError(400, 'Security verification failed. Please try again.')).message).toBe(
      'Security verification failed. Please try again.',
    );
  });

  it("falls back to 'Request failed with status N'", () => {
    expect(signupFailure(bareError(502))).toEqual({ message: 'Request failed with status 502', accountExists: false });
  });
});

describe('forgot-password errors', () => {
  it('says 30 minutes when throttled', () => {
    expect(securityQuestionFailure(serverError(429, 'slow down'))).toBe('Too Many Attempts. Please try again in 30 minutes.');
    expect(resetAnswerFailure(bareError(429))).toBe('Too Many Attempts. Please try again in 30 minutes.');
  });

  it('calls a 401 an incorrect answer', () => {
    expect(resetAnswerFailure(serverError(401, 'Unauthorized'))).toBe('Incorrect security answer.');
  });

  it("prefers the server's text, else the spec's default", () => {
    expect(securityQuestionFailure(serverError(400, 'Please enter a valid email address.'))).toBe(
      'Please enter a valid email address.',
    );
    expect(securityQuestionFailure(new TypeError('Failed to fetch'))).toBe('Failed to find security question.');
    expect(resetAnswerFailure(bareError(500))).toBe('Verification failed. Please try again.');
  });

  it('reports the reason a new password was refused', () => {
    expect(setPasswordFailure(serverError(400, 'Link expired'))).toBe('Failed to set new password: Link expired');
    expect(setPasswordFailure(new TypeError('Failed to fetch'))).toBe('An unexpected error occurred');
  });
});

describe('sign-in errors', () => {
  it("shows 'Too many' messages as they are and everything else as bad credentials", () => {
    expect(signInErrorMessage(authError('LimitExceededException', 'Too many attempts, wait.'))).toBe('Too many attempts, wait.');
    expect(signInErrorMessage(authError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Invalid Email Or Password. Please try again.',
    );
    expect(signInErrorMessage(authError('UserNotFoundException', 'User does not exist.'))).toBe(
      'Invalid Email Or Password. Please try again.',
    );
  });

  it('ends device registration when the answer tries are used up or throttled', () => {
    expect(answerFailure(authError('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({
      message: 'INCORRECT ANSWER OR MAX RETRIES REACHED. PLEASE TRY AGAIN LATER.',
      over: true,
    });
    expect(answerFailure(authError('LimitExceededException', 'Too many requests'))).toEqual({
      message: 'Too many attempts. Please wait before trying again.',
      over: true,
    });
  });

  it('maps OTP failures to the spec texts', () => {
    expect(otpFailure(authError('UserLambdaValidationException', 'failed with error Maximum device limit reached.'))).toEqual({
      message: 'Maximum device limit reached.',
      over: true,
    });
    expect(otpFailure(authError('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({
      message: 'Invalid or expired OTP.',
      over: true,
    });
    expect(otpFailure(new Error('network'))).toEqual({ message: 'Verification failed', over: false });
  });
});
