import * as endpoints from '../core/api/endpoints/payments';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { startCardPayment } from '../core/services/payments/card';

/** The reference and amount due the hosted card widget opens with, recorded before it opens. */
export const handler = endpointFunction(
  endpoints.startCardPayment,
  ({ caller, body }) => startCardPayment(body.contractId, caller),
  { body: jsonBody },
);
