import { contractForParty } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, parseInput, pathIdSchema } from '../core/http';

/** A contract with its parties' names, for its creator, named acceptor and payers only. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return json(200, await contractForParty(id, sub));
});
