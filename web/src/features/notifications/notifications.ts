import type { NotificationsResponse } from '@escrow/api/notifications';

/**
 * Spec §4 "Notification": marking an unread item read drops the unread count by 1, never below 0.
 * An item already read (or unknown) changes nothing.
 */
export function markedRead(state: NotificationsResponse, notificationId: string): NotificationsResponse {
  const target = state.notifications.find((n) => n.id === notificationId);
  if (!target || target.read) return state;
  return {
    notifications: state.notifications.map((n) => (n.id === notificationId ? { ...n, read: true } : n)),
    unread_count: Math.max(0, state.unread_count - 1),
  };
}
