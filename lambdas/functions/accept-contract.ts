import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { acceptContract } from '../core/services/contracts';

/** The named acceptor accepts a pending contract; the creator is told. */
export const handler = endpointFunction(
  endpoints.acceptContract,
  async ({ caller, body }) => ({
    contract: await acceptContract(body.contractId, caller.sub, body.terms),
  }),
  { body: jsonBody },
);
