import { paymentStatusRequestSchema, paymentStatusResponseSchema } from '../core/api/payments';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { paymentStatus } from '../core/services/payments/status';

/** A payment's status for its payer; not yet credited, it is checked with the provider (a lost webhook loses nothing). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const caller = callerOf(event);
    const { txRef } = parseInput(paymentStatusRequestSchema, event.body);
    return respond(paymentStatusResponseSchema, await paymentStatus(txRef, caller));
  });
