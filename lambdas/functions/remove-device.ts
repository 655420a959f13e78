import * as z from 'zod';
import { messageResponseSchema } from '../core/api/common';
import { deviceIdHeader } from '../core/api/http';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { forgetDevice } from '../core/services/devices';

const pathSchema = z.object({ id: z.string().min(1).max(128) });

/** Removes one of the caller's devices; never the one the request comes from (409). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathSchema, event.pathParameters);
  await forgetDevice(sub, id, event.headers[deviceIdHeader]);
  return respond(messageResponseSchema, { message: 'Device removed.' });
});
