import * as endpoints from '../core/api/endpoints/notifications';
import { endpointFunction } from '../core/runtime/api-function';
import { markRead } from '../core/services/notifications';

/** Marks one of the caller's notifications read (once); the unread count never goes below 0. */
export const handler = endpointFunction(endpoints.markNotificationRead, async ({ caller, params }) => ({
  unread_count: await markRead(caller.sub, params.id),
}));
