import { createContractRequestSchema } from '../core/contracts/escrow';
import { createContract } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';

/** A private contract for one named acceptor. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const input = parseInput(createContractRequestSchema, event.body);
    return json(201, { id: await createContract(sub, input) });
  });
