import { listContractsByCreator, toContractView } from '../core/entities/contract';
import { apiFunction, callerOf, json } from '../core/http';

/** The caller's own contracts, newest first. */
export const handler = apiFunction().handler(async (event) => {
  const contracts = await listContractsByCreator(callerOf(event).sub);
  return json(200, { contracts: contracts.map(toContractView) });
});
