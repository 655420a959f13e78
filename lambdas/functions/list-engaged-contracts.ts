import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction } from '../core/runtime/api-function';
import { contractsEngagedBy } from '../core/services/contracts';

/** Contracts the caller accepted or paid for. */
export const handler = endpointFunction(endpoints.listEngagedContracts, async ({ caller }) => ({
  contracts: await contractsEngagedBy(caller.sub),
}));
