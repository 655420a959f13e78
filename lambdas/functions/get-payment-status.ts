import * as endpoints from '../core/api/endpoints/payments';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { paymentStatus } from '../core/services/payments/status';

/** A payment's status for its payer; not yet credited, it is checked with the provider (a lost webhook loses nothing). */
export const handler = endpointFunction(endpoints.getPaymentStatus, ({ caller, body }) => paymentStatus(body.txRef, caller), {
  body: jsonBody,
});
