import type { NotificationView } from '@escrow/api/notifications';
import { tapTargetClass } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';

/** Notifications as a list, newest first, with 'Mark as read' on the unread ones. */
export function NotificationItems({
  notifications,
  onMarkRead,
}: {
  notifications: readonly NotificationView[];
  onMarkRead: (notificationId: string) => void;
}) {
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {notifications.map((n) => (
        <li key={n.id} className="flex items-start justify-between gap-4 py-3">
          <div>
            <p className={n.read ? 'font-medium' : 'font-bold'}>{n.title}</p>
            <p className="text-sm text-gray-700 dark:text-gray-300">{n.body}</p>
            <p className="mt-1 text-xs text-gray-500">{formatDateTime(n.created_at)}</p>
          </div>
          {!n.read && (
            <button
              type="button"
              onClick={() => onMarkRead(n.id)}
              className={`${tapTargetClass} shrink-0 rounded-md border border-gray-300 px-3 py-1 text-sm font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800`}
            >
              Mark as read
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
