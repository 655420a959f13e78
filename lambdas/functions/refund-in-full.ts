import { disputeActionResponseSchema, refundInFullRequestSchema } from '../core/api/disputes';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { refundInFull } from '../core/services/disputes';

/** The creator settles a dispute by giving everything held back to the buyer (no fee). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId } = parseInput(refundInFullRequestSchema, event.body);
    return respond(disputeActionResponseSchema, await refundInFull(contractId, sub));
  });
