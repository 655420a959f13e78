import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { cancelContract } from '../core/services/cancellation';

/** A party cancels a funded contract before delivery (everything back to the buyer, no fee), or the buyer asks the seller to. */
export const handler = endpointFunction(
  endpoints.cancelContract,
  ({ caller, body }) => cancelContract(body.contractId, caller.sub),
  { body: jsonBody },
);
