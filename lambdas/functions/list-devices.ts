import { devicesResponseSchema } from '../core/api/identity';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { trustedDevices } from '../core/services/devices';

/** The caller's trusted devices, most recently used first. */
export const handler = apiFunction().handler(async (event) =>
  respond(devicesResponseSchema, { devices: await trustedDevices(callerOf(event).sub) }),
);
