import * as endpoints from '../core/api/endpoints/account';
import { deviceIdHeader } from '../core/api/http';
import { endpointFunction } from '../core/runtime/api-function';
import { forgetDevice } from '../core/services/devices';

/** Removes one of the caller's devices; never the one the request comes from (409). */
export const handler = endpointFunction(endpoints.removeDevice, async ({ event, caller, params }) => {
  await forgetDevice(caller.sub, params.id, event.headers[deviceIdHeader]);
  return { message: 'Device removed.' };
});
