import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { acceptSettlement } from '../core/services/disputes';

/** A party accepts the other side's latest proposal: the dispute is settled on it (refund and payout legs). */
export const handler = endpointFunction(
  endpoints.acceptSettlement,
  ({ caller, body }) => acceptSettlement(body.contractId, caller.sub, body.proposalId),
  { body: jsonBody },
);
