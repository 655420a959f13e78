import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { markDelivered } from '../core/services/delivery';

/** The creator marks a fully funded contract delivered, with a note; the payer's inspection window starts. */
export const handler = endpointFunction(
  endpoints.markDelivered,
  async ({ caller, body: { contractId, note, evidence } }) => ({
    contract: await markDelivered(contractId, caller.sub, note, evidence),
  }),
  { body: jsonBody },
);
