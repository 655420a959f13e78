import { contractResponseSchema } from '../core/api/contracts';
import { markSatisfiedRequestSchema } from '../core/api/satisfaction';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { markSatisfied } from '../core/services/satisfaction';

/** A payer marks the contract completed (satisfied); the creator is told and may release the funds. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(markSatisfiedRequestSchema, event.body);
    return respond(contractResponseSchema, { contract: await markSatisfied(contractId, sub) });
  });
