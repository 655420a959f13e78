import type { NotificationsResponse } from '../../../../lambdas/core/contracts/escrow';
import { apiFetch } from '../../lib/api';

/** The caller's 10 newest notifications and how many of all are unread. */
export function getNotifications(): Promise<NotificationsResponse> {
  return apiFetch('/notifications');
}

export function markNotificationRead(notificationId: string): Promise<{ unread_count: number }> {
  return apiFetch(`/notifications/${encodeURIComponent(notificationId)}/read`, { method: 'POST' });
}
