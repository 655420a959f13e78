import { apiFunction, json } from '../core/http';

/** Liveness probe: answers without touching anything. */
export const handler = apiFunction().handler(async () => json(200, { status: 'ok' }));
