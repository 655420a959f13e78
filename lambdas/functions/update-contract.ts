import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { editContract } from '../core/services/contracts';

/** The creator edits a pending contract. */
export const handler = endpointFunction(
  endpoints.updateContract,
  async ({ caller, params, body }) => ({
    contract: await editContract(params.id, caller.sub, body),
  }),
  { body: jsonBody },
);
