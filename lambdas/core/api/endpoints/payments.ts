import {
  cardPaymentResponseSchema,
  opayPaymentResponseSchema,
  payContractRequestSchema,
  paymentStatusRequestSchema,
  paymentStatusResponseSchema,
  transferAccountResponseSchema,
  webhookReceiptSchema,
} from '../payments';
import type { Endpoint } from './endpoint';

/** Money into escrow: the three ways to pay, a payment's status, and the provider's webhook. */

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
