import { contractIdRequestSchema, contractResponseSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { rejectContract } from '../core/services/contracts';

/** The named acceptor rejects a pending contract: it is cancelled and the creator told. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return respond(contractResponseSchema, { contract: await rejectContract(contractId, sub) });
  });
