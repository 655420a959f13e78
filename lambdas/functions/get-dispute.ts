import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction } from '../core/runtime/api-function';
import { disputeFor } from '../core/services/disputes';

/** A contract's dispute with its proposals, for the contract's parties only; null while it has none. */
export const handler = endpointFunction(endpoints.getDispute, async ({ caller, params }) => ({
  dispute: await disputeFor(params.id, caller.sub),
}));
