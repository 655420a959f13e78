import { contractIdRequestSchema } from '../core/contracts/escrow';
import { acceptContract } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';

/** The named acceptor accepts a pending contract; the creator is told. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return json(200, { contract: await acceptContract(contractId, sub) });
  });
