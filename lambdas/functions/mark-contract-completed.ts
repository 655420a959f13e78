import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { markSatisfied } from '../core/services/satisfaction';

/** A payer marks the contract completed (satisfied); the creator is told and may release the funds. */
export const handler = endpointFunction(
  endpoints.markContractCompleted,
  async ({ caller, body }) => ({
    contract: await markSatisfied(body.contractId, caller.sub),
  }),
  { body: jsonBody },
);
