import { type NotificationsResponse, notificationsResponseSchema, unreadCountResponseSchema } from '@escrow/api/notifications';
import { apiFetch } from '../../lib/api';

/** The caller's 10 newest notifications and how many of all are unread. */
export function getNotifications(): Promise<NotificationsResponse> {
  return apiFetch('/notifications', { schema: notificationsResponseSchema });
}

export function markNotificationRead(notificationId: string): Promise<{ unread_count: number }> {
  return apiFetch(`/notifications/${encodeURIComponent(notificationId)}/read`, {
    method: 'POST',
    schema: unreadCountResponseSchema,
  });
}
