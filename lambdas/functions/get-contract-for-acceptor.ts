import { contractIdRequestSchema } from '../core/contracts/escrow';
import { toAcceptorView } from '../core/entities/contract';
import { loadContract } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';

/** What anyone signed in who holds the ID may see before accepting (spec's fields only). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return json(200, toAcceptorView(await loadContract(contractId)));
  });
