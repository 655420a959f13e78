import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { proposeSettlement } from '../core/services/disputes';

/** A party proposes how the held money is split: an amount back to the buyer, the rest to the seller. */
export const handler = endpointFunction(
  endpoints.proposeSettlement,
  ({ caller, body: { contractId, refund, evidence } }) => proposeSettlement(contractId, caller.sub, refund, evidence),
  { body: jsonBody },
);
