import * as endpoints from '../core/api/endpoints/identity';
import { endpointFunction } from '../core/runtime/api-function';

/** Liveness probe: answers without touching anything. */
export const handler = endpointFunction(endpoints.health, async () => ({ status: 'ok' }));
