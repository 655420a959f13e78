import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction } from '../core/runtime/api-function';
import { trustedDevices } from '../core/services/devices';

/** The caller's trusted devices, most recently used first. */
export const handler = endpointFunction(endpoints.listDevices, async ({ caller }) => ({
  devices: await trustedDevices(caller.sub),
}));
