import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { refundInFull } from '../core/services/disputes';

/** The creator settles a dispute by giving everything held back to the buyer (no fee). */
export const handler = endpointFunction(endpoints.refundInFull, ({ caller, body }) => refundInFull(body.contractId, caller.sub), {
  body: jsonBody,
});
