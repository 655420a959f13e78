import { cardPaymentResponseSchema, payContractRequestSchema } from '../core/api/payments';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { startCardPayment } from '../core/services/payments/card';

/** The reference and amount due the hosted card widget opens with, recorded before it opens. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const caller = callerOf(event);
    const { contractId } = parseInput(payContractRequestSchema, event.body);
    return respond(cardPaymentResponseSchema, await startCardPayment(contractId, caller));
  });
