import { contractListResponseSchema } from '../core/api/contracts';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { contractsCreatedBy } from '../core/services/contracts';

/** The caller's own contracts, newest first. */
export const handler = apiFunction().handler(async (event) =>
  respond(contractListResponseSchema, { contracts: await contractsCreatedBy(callerOf(event).sub) }),
);
