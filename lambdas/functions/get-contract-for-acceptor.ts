import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { contractForAcceptor } from '../core/services/contracts';

/** What anyone signed in who holds the ID may see before accepting (spec's fields only). */
export const handler = endpointFunction(
  endpoints.getContractForAcceptor,
  ({ caller, body }) => contractForAcceptor(body.contractId, caller.sub),
  { body: jsonBody },
);
