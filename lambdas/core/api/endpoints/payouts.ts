import { pathIdSchema } from '../common';
import {
  confirmPayoutRateRequestSchema,
  confirmPayoutRateResponseSchema,
  contractAnalyticsResponseSchema,
  releaseFundsRequestSchema,
  releaseFundsResponseSchema,
} from '../payouts';
import type { Endpoint } from './endpoint';

/** Money out: the release, and the contract's payout as its seller sees it. */

export const releaseFunds = {
  name: 'release-funds',
  method: 'POST',
  path: '/release-funds',
  auth: 'protected',
  request: releaseFundsRequestSchema,
  response: releaseFundsResponseSchema,
} as const satisfies Endpoint;
export const getContractAnalytics = {
  name: 'get-contract-analytics',
  method: 'GET',
  path: '/contracts/{id}/analytics',
  auth: 'protected',
  params: pathIdSchema,
  response: contractAnalyticsResponseSchema,
} as const satisfies Endpoint;
/** The seller confirms the new figures of a payout whose rate moved before it was sent. */
export const confirmPayoutRate = {
  name: 'confirm-payout-rate',
  method: 'POST',
  path: '/confirm-payout-rate',
  auth: 'protected',
  request: confirmPayoutRateRequestSchema,
  response: confirmPayoutRateResponseSchema,
} as const satisfies Endpoint;
