import { contractListResponseSchema } from '../core/api/contracts';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { contractsEngagedBy } from '../core/services/contracts';

/** Contracts the caller accepted or paid for. */
export const handler = apiFunction().handler(async (event) =>
  respond(contractListResponseSchema, { contracts: await contractsEngagedBy(callerOf(event).sub) }),
);
