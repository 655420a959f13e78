import * as endpoints from '../core/api/endpoints/payouts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { confirmPayoutRate } from '../core/services/payouts/rate-confirmation';

/** The seller confirms, with the payment PIN, the new rate of a payout that waits for it. */
export const handler = endpointFunction(
  endpoints.confirmPayoutRate,
  ({ caller, body: { contractId, pin, rate } }) => confirmPayoutRate(contractId, caller.sub, pin, rate),
  { body: jsonBody },
);
