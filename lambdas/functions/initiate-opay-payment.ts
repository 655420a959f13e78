import * as endpoints from '../core/api/endpoints/payments';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { initiateOpayPayment } from '../core/services/payments/opay';

/** The provider's OPay page for the amount due; the browser navigates to it. */
export const handler = endpointFunction(
  endpoints.initiateOpayPayment,
  ({ caller, body }) => initiateOpayPayment(body.contractId, caller),
  { body: jsonBody },
);
