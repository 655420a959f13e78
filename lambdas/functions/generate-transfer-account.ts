import { payContractRequestSchema, transferAccountResponseSchema } from '../core/api/payments';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { generateTransferAccount } from '../core/services/payments/transfer-account';

/** A bank account to send exactly the amount due to; a transfer to it is credited into this contract's escrow. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const caller = callerOf(event);
    const { contractId } = parseInput(payContractRequestSchema, event.body);
    return respond(transferAccountResponseSchema, await generateTransferAccount(contractId, caller));
  });
