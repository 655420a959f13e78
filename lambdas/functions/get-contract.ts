import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction } from '../core/runtime/api-function';
import { contractForParty } from '../core/services/contracts';

/** A contract with its parties' names, for its creator, named acceptor and payers only. */
export const handler = endpointFunction(endpoints.getContract, ({ caller, params }) => contractForParty(params.id, caller.sub));
