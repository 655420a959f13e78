import { messageResponseSchema } from '../core/api/common';
import { deviceIdHeader } from '../core/api/http';
import { devicePathSchema } from '../core/api/identity';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { forgetDevice } from '../core/services/devices';

/** Removes one of the caller's devices; never the one the request comes from (409). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(devicePathSchema, event.pathParameters);
  await forgetDevice(sub, id, event.headers[deviceIdHeader]);
  return respond(messageResponseSchema, { message: 'Device removed.' });
});
