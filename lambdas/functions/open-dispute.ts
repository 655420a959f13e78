import { disputeActionResponseSchema, openDisputeRequestSchema } from '../core/api/disputes';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { openDispute } from '../core/services/disputes';

/** A party opens a dispute on a funded contract, with a reason and details: the release is frozen until it is settled. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId, reason, details } = parseInput(openDisputeRequestSchema, event.body);
    return respond(disputeActionResponseSchema, await openDispute(contractId, sub, reason, details));
  });
