import { opayPaymentResponseSchema, payContractRequestSchema } from '../core/api/payments';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { initiateOpayPayment } from '../core/services/payments/opay';

/** The provider's OPay page for the amount due; the browser navigates to it. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const caller = callerOf(event);
    const { contractId } = parseInput(payContractRequestSchema, event.body);
    return respond(opayPaymentResponseSchema, await initiateOpayPayment(contractId, caller));
  });
