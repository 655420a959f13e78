import { z } from 'zod';
import { deviceIdHeader } from '../core/contracts/identity';
import { removeDevice } from '../core/entities/device';
import { ConflictError } from '../core/errors';
import { apiFunction, callerOf, json, parseInput } from '../core/http';

const pathSchema = z.object({ id: z.string().min(1).max(128) });

/** Removes one of the caller's devices; never the one the request comes from (409). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathSchema, event.pathParameters);
  if (event.headers[deviceIdHeader] === id) throw new ConflictError('The current device cannot be removed.');
  await removeDevice(sub, id);
  return json(200, { message: 'Device removed.' });
});
