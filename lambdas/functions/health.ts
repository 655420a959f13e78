import { healthResponseSchema } from '../core/api/common';
import { apiFunction, respond } from '../core/runtime/api-function';

/** Liveness probe: answers without touching anything. */
export const handler = apiFunction().handler(async () => respond(healthResponseSchema, { status: 'ok' }));
