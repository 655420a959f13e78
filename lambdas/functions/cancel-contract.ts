import { cancellationResponseSchema, contractIdRequestSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { cancelContract } from '../core/services/cancellation';

/** A party cancels a funded contract before delivery (everything back to the buyer, no fee), or the buyer asks the seller to. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return respond(cancellationResponseSchema, await cancelContract(contractId, sub));
  });
