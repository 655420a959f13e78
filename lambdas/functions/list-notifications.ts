import { notificationsResponseSchema } from '../core/api/notifications';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { notificationsOf } from '../core/services/notifications';

/** The caller's 10 newest notifications and unread count. */
export const handler = apiFunction().handler(async (event) =>
  respond(notificationsResponseSchema, await notificationsOf(callerOf(event).sub)),
);
