import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { openDispute } from '../core/services/disputes';

/** A party opens a dispute on a funded contract, with a reason and details: the release is frozen until it is settled. */
export const handler = endpointFunction(
  endpoints.openDispute,
  ({ caller, body: { contractId, reason, details, evidence } }) => openDispute(contractId, caller.sub, reason, details, evidence),
  { body: jsonBody },
);
