import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction } from '../core/runtime/api-function';
import { ownAccount } from '../core/services/accounts';

/** The caller's own account; a missing profile row is tolerated (id, email and created date only). */
export const handler = endpointFunction(endpoints.getProfile, ({ caller }) => ownAccount(caller));
