import { contractResponseSchema } from '../core/api/contracts';
import { markCompletedRequestSchema } from '../core/api/payouts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { markCompleted } from '../core/services/payouts';

/** A payer marks the contract completed (satisfied); the creator is told and may release the funds. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(markCompletedRequestSchema, event.body);
    return respond(contractResponseSchema, { contract: await markCompleted(contractId, sub) });
  });
