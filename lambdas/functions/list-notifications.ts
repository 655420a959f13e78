import * as endpoints from '../core/api/endpoints/notifications';
import { endpointFunction } from '../core/runtime/api-function';
import { notificationsOf } from '../core/services/notifications';

/** The caller's 10 newest notifications and unread count. */
export const handler = endpointFunction(endpoints.listNotifications, ({ caller }) => notificationsOf(caller.sub));
