import { listContractsByParty, toContractView } from '../core/entities/contract';
import { apiFunction, callerOf, json } from '../core/http';

/** Contracts the caller accepted or paid for. */
export const handler = apiFunction().handler(async (event) => {
  const contracts = await listContractsByParty(callerOf(event).sub);
  return json(200, { contracts: contracts.map(toContractView) });
});
