import { profileResponseSchema } from '../core/api/identity';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { ownAccount } from '../core/services/accounts';

/** The caller's own account; a missing profile row is tolerated (id, email and created date only). */
export const handler = apiFunction().handler(async (event) => respond(profileResponseSchema, await ownAccount(callerOf(event))));
