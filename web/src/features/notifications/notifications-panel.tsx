import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { paths } from '../../config/paths';
import { dashboardNotifications } from '../../lib/constants';
import { formatDateTime } from '../../lib/format';
import { useNotifications } from './use-notifications';

/** The dashboard's latest notifications (spec §2 "Dashboard"): 3 of the 10 loaded, with the unread badge. */
export function NotificationsPanel() {
  const { state, markRead } = useNotifications();
  const unread = state.status === 'loaded' ? state.data.unread_count : 0;
  const latest = state.status === 'loaded' ? state.data.notifications.slice(0, dashboardNotifications) : [];

  return (
    <section aria-labelledby="notifications-heading" className="rounded-lg border border-gray-200 p-5 dark:border-gray-800">
      <div className="flex items-center justify-between gap-4">
        <h2 id="notifications-heading" className="flex items-center gap-2 text-xl font-semibold">
          Notifications
          <span data-testid="unread-count" className="rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-bold text-white">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        </h2>
        <Link
          to={paths.myAccount.getHref('notifications')}
          className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400"
        >
          View all
        </Link>
      </div>
      <div className="mt-4">
        {state.status === 'loading' && <p className="text-sm text-gray-600 dark:text-gray-400">Loading notifications...</p>}
        {state.status === 'failed' && <Alert tone="error">Could not load notifications.</Alert>}
        {state.status === 'loaded' && latest.length === 0 && (
          <p className="text-sm text-gray-600 dark:text-gray-400">No notifications yet.</p>
        )}
        {latest.length > 0 && (
          <ul className="divide-y divide-gray-200 dark:divide-gray-800">
            {latest.map((n) => (
              <li key={n.id} className="flex items-start justify-between gap-4 py-3">
                <div>
                  <p className={n.read ? 'font-medium' : 'font-bold'}>{n.title}</p>
                  <p className="text-sm text-gray-700 dark:text-gray-300">{n.body}</p>
                  <p className="mt-1 text-xs text-gray-500">{formatDateTime(n.created_at)}</p>
                </div>
                {!n.read && (
                  <button
                    type="button"
                    onClick={() => void markRead(n.id)}
                    className="shrink-0 rounded-md border border-gray-300 px-2 py-1 text-xs font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
                  >
                    Mark as read
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
