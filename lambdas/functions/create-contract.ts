import { createdResponseSchema } from '../core/api/common';
import { createContractRequestSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { createContract } from '../core/services/contracts';

/** A private contract for one named acceptor. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const input = parseInput(createContractRequestSchema, event.body);
    return respond(createdResponseSchema, { id: await createContract(sub, input) }, 201);
  });
