import * as endpoints from '@escrow/api/endpoints';
import type { NotificationsResponse } from '@escrow/api/notifications';
import { call } from '../../lib/api';

/** The caller's 10 newest notifications and how many of all are unread. */
export function getNotifications(): Promise<NotificationsResponse> {
  return call(endpoints.listNotifications);
}

export function markNotificationRead(notificationId: string): Promise<{ unread_count: number }> {
  return call(endpoints.markNotificationRead, { params: { id: notificationId } });
}
