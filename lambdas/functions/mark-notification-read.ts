import { pathIdSchema } from '../core/api/common';
import { unreadCountResponseSchema } from '../core/api/notifications';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { markRead } from '../core/services/notifications';

/** Marks one of the caller's notifications read (once); the unread count never goes below 0. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return respond(unreadCountResponseSchema, { unread_count: await markRead(sub, id) });
});
