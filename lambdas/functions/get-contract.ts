import { pathIdSchema } from '../core/api/common';
import { contractWithPeopleSchema } from '../core/api/contracts';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { contractForParty } from '../core/services/contracts';

/** A contract with its parties' names, for its creator, named acceptor and payers only. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return respond(contractWithPeopleSchema, await contractForParty(id, sub));
});
