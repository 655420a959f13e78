import { disputeActionResponseSchema, proposeSettlementRequestSchema } from '../core/api/disputes';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { proposeSettlement } from '../core/services/disputes';

/** A party proposes how the held money is split: an amount back to the buyer, the rest to the seller. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId, refund } = parseInput(proposeSettlementRequestSchema, event.body);
    return respond(disputeActionResponseSchema, await proposeSettlement(contractId, sub, refund));
  });
