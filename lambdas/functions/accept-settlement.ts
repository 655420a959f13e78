import { acceptSettlementRequestSchema, disputeActionResponseSchema } from '../core/api/disputes';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { acceptSettlement } from '../core/services/disputes';

/** A party accepts the other side's latest proposal: the dispute is settled on it (refund and payout legs). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId, proposalId } = parseInput(acceptSettlementRequestSchema, event.body);
    return respond(disputeActionResponseSchema, await acceptSettlement(contractId, sub, proposalId));
  });
