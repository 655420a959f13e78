import { listNotifications } from '../core/entities/notification';
import { apiFunction, callerOf, json } from '../core/http';

/** The caller's 10 newest notifications and unread count. */
export const handler = apiFunction().handler(async (event) => json(200, await listNotifications(callerOf(event).sub)));
