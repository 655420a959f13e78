import type * as z from '../domain/zod';
import {
  pinCodeRequestSchema,
  providerProxyRequestSchema,
  providerProxyResponseSchema,
  resetPinRequestSchema,
  saveBankInfoRequestSchema,
  saveBankInfoResponseSchema,
} from './account';
import { createdResponseSchema, healthResponseSchema, messageResponseSchema, pathIdSchema } from './common';
import {
  cancellationResponseSchema,
  contractForAcceptorSchema,
  contractIdRequestSchema,
  contractListResponseSchema,
  contractResponseSchema,
  contractWithPeopleSchema,
  createContractRequestSchema,
  createContractResponseSchema,
  editContractRequestSchema,
  markDeliveredRequestSchema,
} from './contracts';
import {
  acceptSettlementRequestSchema,
  disputeActionResponseSchema,
  disputeResponseSchema,
  openDisputeRequestSchema,
  proposeSettlementRequestSchema,
  refundInFullRequestSchema,
} from './disputes';
import {
  callerResponseSchema,
  confirmEmailRequestSchema,
  confirmPasswordResetRequestSchema,
  devicePathSchema,
  devicesResponseSchema,
  emailPreferencesRequestSchema,
  profileResponseSchema,
  removeSignupRequestSchema,
  securityQuestionRequestSchema,
  securityQuestionResponseSchema,
  sendSignupConfirmationRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyAnswerAndResetRequestSchema,
} from './identity';
import { invitationPathSchema, invitationPreviewSchema, stopInvitationEmailsPathSchema } from './invitations';
import { notificationsResponseSchema, realtimeChannelResponseSchema, unreadCountResponseSchema } from './notifications';
import {
  cardPaymentResponseSchema,
  opayPaymentResponseSchema,
  payContractRequestSchema,
  paymentStatusRequestSchema,
  paymentStatusResponseSchema,
  transferAccountResponseSchema,
  webhookReceiptSchema,
} from './payments';
import { contractAnalyticsResponseSchema, releaseFundsRequestSchema, releaseFundsResponseSchema } from './payouts';
import { refundsResponseSchema } from './refunds';
import { markSatisfiedRequestSchema } from './satisfaction';
import {
  createInstanceRequestSchema,
  createInstanceResponseSchema,
  createTemplateRequestSchema,
  editTemplateRequestSchema,
  fetchTemplateResponseSchema,
  templateIdRequestSchema,
  templateListResponseSchema,
  templateResponseSchema,
} from './templates';

/**
 * THE endpoint table: every route of the HTTP API once, with the schemas of what goes in and what
 * comes back. The Lambdas' route table (lambdas/routes.ts) adds what only the server knows
 * (permissions, limits) to each by name; the web app calls them through it (web/src/lib/api.ts
 * `call(endpoints.releaseFunds, { body })`) and never writes a path; docs/api.md lists them, and
 * test/unit/api-docs.test.ts keeps it and every route table of the docs true.
 *
 * This module exports the endpoints and nothing else (routes.ts reads it whole), each a plain
 * constant: the web imports it as a namespace (`import * as endpoints`), so a page's bundle holds
 * the endpoints it calls and their schemas, not the table.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Endpoint {
  /** The route's function, `lambdas/functions/<name>.ts`; the export is its camelCase. */
  readonly name: string;
  readonly method: HttpMethod;
  /** The HTTP API path, with `{param}` placeholders. */
  readonly path: `/${string}`;
  /**
   * 'protected': behind the user pool's JWT authorizer, called with the person's ID token (a 401 is
   * their session ending). 'public': anybody, without a token (a 401 is the endpoint's own answer).
   */
  readonly auth: 'public' | 'protected';
  /** The path's `{param}`s, as the function reads them; on a path with placeholders only. */
  readonly params?: z.ZodMiniType;
  /** The JSON body; none for a request without one. */
  readonly request?: z.ZodMiniType;
  /** The reply of a success (a failure is `{ "error": "..." }`). */
  readonly response: z.ZodMiniType;
}

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

// Identity
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
export const getProfile = {
  name: 'get-profile',
  method: 'GET',
  path: '/profile',
  auth: 'protected',
  response: profileResponseSchema,
} as const satisfies Endpoint;
export const listDevices = {
  name: 'list-devices',
  method: 'GET',
  path: '/devices',
  auth: 'protected',
  response: devicesResponseSchema,
} as const satisfies Endpoint;
/** Sent with the `x-device-id` header: the device the request comes from is never removed. */
export const removeDevice = {
  name: 'remove-device',
  method: 'DELETE',
  path: '/devices/{id}',
  auth: 'protected',
  params: devicePathSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;

// Contracts
export const createContract = {
  name: 'create-contract',
  method: 'POST',
  path: '/create-contract',
  auth: 'protected',
  request: createContractRequestSchema,
  response: createContractResponseSchema,
} as const satisfies Endpoint;
export const stopInvitationEmails = {
  name: 'stop-invitation-emails',
  method: 'POST',
  path: '/stop-invitation-emails/{token}',
  auth: 'public',
  params: stopInvitationEmailsPathSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const getInvitation = {
  name: 'get-invitation',
  method: 'GET',
  path: '/invitations/{token}',
  auth: 'public',
  params: invitationPathSchema,
  response: invitationPreviewSchema,
} as const satisfies Endpoint;
export const getContractForAcceptor = {
  name: 'get-contract-for-acceptor',
  method: 'POST',
  path: '/get-contract-for-acceptor',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: contractForAcceptorSchema,
} as const satisfies Endpoint;
export const acceptContract = {
  name: 'accept-contract',
  method: 'POST',
  path: '/accept-contract',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const rejectContract = {
  name: 'reject-contract',
  method: 'POST',
  path: '/reject-contract',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const listMyContracts = {
  name: 'list-my-contracts',
  method: 'GET',
  path: '/contracts',
  auth: 'protected',
  response: contractListResponseSchema,
} as const satisfies Endpoint;
export const getContract = {
  name: 'get-contract',
  method: 'GET',
  path: '/contracts/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: contractWithPeopleSchema,
} as const satisfies Endpoint;
export const updateContract = {
  name: 'update-contract',
  method: 'PATCH',
  path: '/contracts/{id}',
  auth: 'protected',
  params: pathIdSchema,
  request: editContractRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const deleteContract = {
  name: 'delete-contract',
  method: 'DELETE',
  path: '/contracts/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const listEngagedContracts = {
  name: 'list-engaged-contracts',
  method: 'GET',
  path: '/engaged-contracts',
  auth: 'protected',
  response: contractListResponseSchema,
} as const satisfies Endpoint;

// Templates
export const createTemplate = {
  name: 'create-template',
  method: 'POST',
  path: '/templates',
  auth: 'protected',
  request: createTemplateRequestSchema,
  response: createdResponseSchema,
} as const satisfies Endpoint;
export const listMyTemplates = {
  name: 'list-my-templates',
  method: 'GET',
  path: '/templates',
  auth: 'protected',
  response: templateListResponseSchema,
} as const satisfies Endpoint;
export const getTemplate = {
  name: 'get-template',
  method: 'GET',
  path: '/templates/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: templateResponseSchema,
} as const satisfies Endpoint;
export const updateTemplate = {
  name: 'update-template',
  method: 'PATCH',
  path: '/templates/{id}',
  auth: 'protected',
  params: pathIdSchema,
  request: editTemplateRequestSchema,
  response: templateResponseSchema,
} as const satisfies Endpoint;
export const deleteTemplate = {
  name: 'delete-template',
  method: 'DELETE',
  path: '/templates/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const fetchContractTemplate = {
  name: 'fetch-contract-template',
  method: 'POST',
  path: '/fetch-contract-template',
  auth: 'protected',
  request: templateIdRequestSchema,
  response: fetchTemplateResponseSchema,
} as const satisfies Endpoint;
export const createInstanceFromTemplate = {
  name: 'create-instance-from-template',
  method: 'POST',
  path: '/create-instance-from-template',
  auth: 'protected',
  request: createInstanceRequestSchema,
  response: createInstanceResponseSchema,
} as const satisfies Endpoint;

// Payments into escrow
export const generateTransferAccount = {
  name: 'generate-transfer-account',
  method: 'POST',
  path: '/generate-transfer-account',
  auth: 'protected',
  request: payContractRequestSchema,
  response: transferAccountResponseSchema,
} as const satisfies Endpoint;
export const initiateOpayPayment = {
  name: 'initiate-opay-payment',
  method: 'POST',
  path: '/initiate-opay-payment',
  auth: 'protected',
  request: payContractRequestSchema,
  response: opayPaymentResponseSchema,
} as const satisfies Endpoint;
export const startCardPayment = {
  name: 'start-card-payment',
  method: 'POST',
  path: '/start-card-payment',
  auth: 'protected',
  request: payContractRequestSchema,
  response: cardPaymentResponseSchema,
} as const satisfies Endpoint;
export const getPaymentStatus = {
  name: 'get-payment-status',
  method: 'POST',
  path: '/get-payment-status',
  auth: 'protected',
  request: paymentStatusRequestSchema,
  response: paymentStatusResponseSchema,
} as const satisfies Endpoint;
/** The provider's body is its own: checked by its hash and read back from the provider, not by a schema of ours. */
export const flutterwaveWebhook = {
  name: 'flutterwave-webhook',
  method: 'POST',
  path: '/flutterwave-webhook',
  auth: 'public',
  response: webhookReceiptSchema,
} as const satisfies Endpoint;

// Money out: satisfaction, release, the seller's payout settings
export const markDelivered = {
  name: 'mark-delivered',
  method: 'POST',
  path: '/mark-delivered',
  auth: 'protected',
  request: markDeliveredRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const markContractCompleted = {
  name: 'mark-contract-completed',
  method: 'POST',
  path: '/mark-contract-completed',
  auth: 'protected',
  request: markSatisfiedRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const releaseFunds = {
  name: 'release-funds',
  method: 'POST',
  path: '/release-funds',
  auth: 'protected',
  request: releaseFundsRequestSchema,
  response: releaseFundsResponseSchema,
} as const satisfies Endpoint;
export const cancelContract = {
  name: 'cancel-contract',
  method: 'POST',
  path: '/cancel-contract',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: cancellationResponseSchema,
} as const satisfies Endpoint;
export const openDispute = {
  name: 'open-dispute',
  method: 'POST',
  path: '/open-dispute',
  auth: 'protected',
  request: openDisputeRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const proposeSettlement = {
  name: 'propose-settlement',
  method: 'POST',
  path: '/propose-settlement',
  auth: 'protected',
  request: proposeSettlementRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const acceptSettlement = {
  name: 'accept-settlement',
  method: 'POST',
  path: '/accept-settlement',
  auth: 'protected',
  request: acceptSettlementRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const refundInFull = {
  name: 'refund-in-full',
  method: 'POST',
  path: '/refund-in-full',
  auth: 'protected',
  request: refundInFullRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const getDispute = {
  name: 'get-dispute',
  method: 'GET',
  path: '/contracts/{id}/dispute',
  auth: 'protected',
  params: pathIdSchema,
  response: disputeResponseSchema,
} as const satisfies Endpoint;
export const getRefunds = {
  name: 'get-refunds',
  method: 'GET',
  path: '/contracts/{id}/refunds',
  auth: 'protected',
  params: pathIdSchema,
  response: refundsResponseSchema,
} as const satisfies Endpoint;
export const getContractAnalytics = {
  name: 'get-contract-analytics',
  method: 'GET',
  path: '/contracts/{id}/analytics',
  auth: 'protected',
  params: pathIdSchema,
  response: contractAnalyticsResponseSchema,
} as const satisfies Endpoint;
export const flutterwaveProxy = {
  name: 'flutterwave-proxy',
  method: 'POST',
  path: '/flutterwave-proxy',
  auth: 'protected',
  request: providerProxyRequestSchema,
  response: providerProxyResponseSchema,
} as const satisfies Endpoint;
export const saveBankInfo = {
  name: 'save-bank-info',
  method: 'POST',
  path: '/save-bank-info',
  auth: 'protected',
  request: saveBankInfoRequestSchema,
  response: saveBankInfoResponseSchema,
} as const satisfies Endpoint;
export const requestPinCode = {
  name: 'request-pin-code',
  method: 'POST',
  path: '/request-pin-code',
  auth: 'protected',
  request: pinCodeRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const resetPin = {
  name: 'reset-pin',
  method: 'POST',
  path: '/reset-pin',
  auth: 'protected',
  request: resetPinRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const saveEmailPreferences = {
  name: 'save-email-preferences',
  method: 'POST',
  path: '/email-preferences',
  auth: 'protected',
  request: emailPreferencesRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;

// Notifications
export const listNotifications = {
  name: 'list-notifications',
  method: 'GET',
  path: '/notifications',
  auth: 'protected',
  response: notificationsResponseSchema,
} as const satisfies Endpoint;
export const getRealtimeChannel = {
  name: 'get-realtime-channel',
  method: 'GET',
  path: '/realtime-channel',
  auth: 'protected',
  response: realtimeChannelResponseSchema,
} as const satisfies Endpoint;
export const markNotificationRead = {
  name: 'mark-notification-read',
  method: 'POST',
  path: '/notifications/{id}/read',
  auth: 'protected',
  params: pathIdSchema,
  response: unreadCountResponseSchema,
} as const satisfies Endpoint;
