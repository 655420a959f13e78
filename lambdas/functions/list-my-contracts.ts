import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction } from '../core/runtime/api-function';
import { contractsCreatedBy } from '../core/services/contracts';

/** The caller's own contracts, newest first. */
export const handler = endpointFunction(endpoints.listMyContracts, async ({ caller }) => ({
  contracts: await contractsCreatedBy(caller.sub),
}));
