import * as endpoints from '../core/api/endpoints/payouts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { requestRelease } from '../core/services/payouts/release';

/** The creator asks for the release with the payment PIN; amounts come from the stored contract, never from the body. */
export const handler = endpointFunction(
  endpoints.releaseFunds,
  ({ caller, body: { contractId, pin, rate, payTo } }) => requestRelease(contractId, caller.sub, pin, rate, payTo),
  { body: jsonBody },
);
