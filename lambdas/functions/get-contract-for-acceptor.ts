import { contractForAcceptorSchema, contractIdRequestSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { contractForAcceptor } from '../core/services/contracts';

/** What anyone signed in who holds the ID may see before accepting (spec's fields only). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(contractIdRequestSchema, event.body);
    return respond(contractForAcceptorSchema, await contractForAcceptor(contractId, sub));
  });
