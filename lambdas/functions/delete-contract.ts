import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction } from '../core/runtime/api-function';
import { deleteContract } from '../core/services/contracts';

/** The creator deletes a pending contract (and its acceptance links). */
export const handler = endpointFunction(endpoints.deleteContract, async ({ caller, params }) => {
  await deleteContract(params.id, caller.sub);
  return { message: 'Contract deleted.' };
});
