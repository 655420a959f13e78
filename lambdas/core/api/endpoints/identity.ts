import { healthResponseSchema, messageResponseSchema } from '../common';
import {
  callerResponseSchema,
  confirmEmailRequestSchema,
  confirmPasswordResetRequestSchema,
  removeSignupRequestSchema,
  securityQuestionRequestSchema,
  securityQuestionResponseSchema,
  sendSignupConfirmationRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyAnswerAndResetRequestSchema,
} from '../identity';
import type { Endpoint } from './endpoint';

/** Identity, before any sign-in: signing up and confirming, recovering a password; and the liveness probe and the caller's identity. */

export const health = {
  name: 'health',
  method: 'GET',
  path: '/health',
  auth: 'public',
  response: healthResponseSchema,
} as const satisfies Endpoint;
export const me = {
  name: 'me',
  method: 'GET',
  path: '/me',
  auth: 'protected',
  response: callerResponseSchema,
} as const satisfies Endpoint;
export const secureSignup = {
  name: 'secure-signup',
  method: 'POST',
  path: '/secure-signup',
  auth: 'public',
  request: signupRequestSchema,
  response: signupResponseSchema,
} as const satisfies Endpoint;
export const confirmEmail = {
  name: 'confirm-email',
  method: 'POST',
  path: '/confirm-email',
  auth: 'public',
  request: confirmEmailRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const removeSignup = {
  name: 'remove-signup',
  method: 'POST',
  path: '/remove-signup',
  auth: 'public',
  request: removeSignupRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const sendSignupConfirmation = {
  name: 'send-signup-confirmation',
  method: 'POST',
  path: '/send-signup-confirmation',
  auth: 'public',
  request: sendSignupConfirmationRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const getSecurityQuestion = {
  name: 'get-security-question',
  method: 'POST',
  path: '/get-security-question',
  auth: 'public',
  request: securityQuestionRequestSchema,
  response: securityQuestionResponseSchema,
} as const satisfies Endpoint;
export const verifyAnswerAndReset = {
  name: 'verify-answer-and-reset',
  method: 'POST',
  path: '/verify-answer-and-reset',
  auth: 'public',
  request: verifyAnswerAndResetRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const confirmPasswordReset = {
  name: 'confirm-password-reset',
  method: 'POST',
  path: '/confirm-password-reset',
  auth: 'public',
  request: confirmPasswordResetRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
