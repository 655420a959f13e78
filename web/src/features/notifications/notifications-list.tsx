import { Alert } from '../../components/ui/alert';
import { Loading } from '../../components/ui/page';
import { NotificationItems } from './notification-items';
import { useNotifications } from './use-notifications';

/** All loaded notifications (the 10 newest, spec §9) with the unread count: the account page's notifications tab. */
export function NotificationsList() {
  const { state, markRead } = useNotifications();
  if (state.status === 'loading') return <Loading>Loading notifications...</Loading>;
  if (state.status === 'failed') return <Alert tone="error">Could not load notifications.</Alert>;
  const { notifications, unread_count } = state.data;
  return (
    <div className="space-y-3">
      <h2 className="text-xl font-semibold">
        Notifications <span className="text-base font-normal text-gray-600 dark:text-gray-400">({unread_count} unread)</span>
      </h2>
      {notifications.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-400">No notifications yet.</p>
      ) : (
        <NotificationItems notifications={notifications} onMarkRead={(id) => void markRead(id)} />
      )}
    </div>
  );
}
