import * as endpoints from '../core/api/endpoints/identity';
import { endpointFunction } from '../core/runtime/api-function';

/** The caller's identity as the verified token states it. */
export const handler = endpointFunction(endpoints.me, async ({ caller: { sub, email } }) => ({ sub, email }));
