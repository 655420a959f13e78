import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { rejectContract } from '../core/services/contracts';

/** The named acceptor rejects a pending contract: it is cancelled and the creator told. */
export const handler = endpointFunction(
  endpoints.rejectContract,
  async ({ caller, body }) => ({
    contract: await rejectContract(body.contractId, caller.sub),
  }),
  { body: jsonBody },
);
