import type { NotificationView } from '@escrow/api/notifications';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { tapTargetClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { formatDateTime, withLocalTimes } from '../../lib/format';

const actionClass = `${tapTargetClass} inline-flex shrink-0 items-center justify-center rounded-md border border-gray-300 px-3 py-1 text-sm font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800`;

/**
 * Notifications as a list, newest first, with 'Mark as read' on the unread ones and 'Open contract'
 * on those about a contract (opening one marks it read).
 */
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
        <NotificationItem key={n.id} notification={n} onMarkRead={onMarkRead} />
      ))}
    </ul>
  );
}

function NotificationItem({
  notification: n,
  onMarkRead,
}: {
  notification: NotificationView;
  onMarkRead: (notificationId: string) => void;
}) {
  const titleId = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={titleId} className={n.read ? 'font-medium' : 'font-bold'}>
          {n.title}
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">{withLocalTimes(n.body)}</p>
        <p className="mt-1 text-xs text-gray-500">{formatDateTime(n.created_at)}</p>
      </div>
      {(n.contract_id || !n.read) && (
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          {n.contract_id && (
            <Link
              to={paths.contract.getHref(n.contract_id)}
              // Every item has one: the title says which contract it opens.
              aria-describedby={titleId}
              onClick={() => {
                if (!n.read) onMarkRead(n.id);
              }}
              className={`${actionClass} text-emerald-700 dark:text-emerald-400`}
            >
              Open contract
            </Link>
          )}
          {!n.read && (
            <button type="button" onClick={() => onMarkRead(n.id)} className={actionClass}>
              Mark as read
            </button>
          )}
        </div>
      )}
    </li>
  );
}
