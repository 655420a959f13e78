import { listDevices } from '../core/entities/device';
import { apiFunction, callerOf, json } from '../core/http';

/** The caller's trusted devices, most recently used first. */
export const handler = apiFunction().handler(async (event) => json(200, { devices: await listDevices(callerOf(event).sub) }));
