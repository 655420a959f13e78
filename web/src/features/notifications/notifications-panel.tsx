import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { tapTargetClass } from '../../components/ui/button';
import { Loading } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { dashboardNotifications } from '../../lib/constants';
import { NotificationItems } from './notification-items';
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
          <span data-testid="unread-count" className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        </h2>
        <Link
          to={paths.myAccount.getHref('notifications')}
          className={`${tapTargetClass} -mr-2 inline-flex items-center justify-center px-2 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400`}
        >
          View all
        </Link>
      </div>
      <div className="mt-4">
        {state.status === 'loading' && <Loading>Loading notifications...</Loading>}
        {state.status === 'failed' && <Alert tone="error">Could not load notifications.</Alert>}
        {state.status === 'loaded' && latest.length === 0 && (
          <p className="text-sm text-gray-600 dark:text-gray-400">No notifications yet.</p>
        )}
        {latest.length > 0 && <NotificationItems notifications={latest} onMarkRead={(id) => void markRead(id)} />}
      </div>
    </section>
  );
}
