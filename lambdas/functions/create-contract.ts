import { createContractRequestSchema, createContractResponseSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { createContract } from '../core/services/contracts';

/** A private contract for one named acceptor; named by email, the reply says whether we emailed them. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const input = parseInput(createContractRequestSchema, event.body);
    return respond(createContractResponseSchema, await createContract(sub, input), 201);
  });
