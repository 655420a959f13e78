import { markNotificationRead } from '../core/entities/notification';
import { apiFunction, callerOf, json, parseInput, pathIdSchema } from '../core/http';

/** Marks one of the caller's notifications read (once); the unread count never goes below 0. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return json(200, { unread_count: await markNotificationRead(sub, id) });
});
