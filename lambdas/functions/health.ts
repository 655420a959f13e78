import { apiFunction, json } from '../core/runtime/api-function';

/** Liveness probe: answers without touching anything. */
export const handler = apiFunction().handler(async () => json(200, { status: 'ok' }));
