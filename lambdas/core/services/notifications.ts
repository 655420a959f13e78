import { type NotificationsResponse, notificationsLoaded } from '../api/notifications';
import { listNotifications, markNotificationRead } from '../entities/notification';
import { getUnreadCount } from '../entities/profile';

/** Notification use cases: what a user is told, and what they have read. */

/** The user's newest notifications and how many of all are unread. */
export async function notificationsOf(sub: string): Promise<NotificationsResponse> {
  const [notifications, unread_count] = await Promise.all([listNotifications(sub, notificationsLoaded), getUnreadCount(sub)]);
  return { notifications, unread_count };
}

/** Marks one notification read (once) and answers the unread count after it. */
export async function markRead(sub: string, id: string): Promise<number> {
  await markNotificationRead(sub, id);
  return getUnreadCount(sub, true);
}
