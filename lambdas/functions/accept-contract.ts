import { contractIdRequestSchema, contractResponseSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { acceptContract } from '../core/services/contracts';

/** The named acceptor accepts a pending contract; the creator is told. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return respond(contractResponseSchema, { contract: await acceptContract(contractId, sub) });
  });
