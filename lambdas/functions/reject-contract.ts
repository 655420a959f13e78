import { contractIdRequestSchema } from '../core/contracts/escrow';
import { rejectContract } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';

/** The named acceptor rejects a pending contract: it is cancelled and the creator told. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return json(200, { contract: await rejectContract(contractId, sub) });
  });
