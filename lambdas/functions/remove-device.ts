import { messageResponseSchema } from '../core/api/common';
import { deviceIdHeader } from '../core/api/http';
import * as z from '../core/domain/zod';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { forgetDevice } from '../core/services/devices';

const pathSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) });

/** Removes one of the caller's devices; never the one the request comes from (409). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathSchema, event.pathParameters);
  await forgetDevice(sub, id, event.headers[deviceIdHeader]);
  return respond(messageResponseSchema, { message: 'Device removed.' });
});
