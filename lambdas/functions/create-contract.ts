import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { createContract } from '../core/services/contracts';

/** A private contract for one named acceptor; named by email, the reply says whether we emailed them. */
export const handler = endpointFunction(endpoints.createContract, ({ caller, body }) => createContract(caller.sub, body), {
  body: jsonBody,
  status: 201,
});
