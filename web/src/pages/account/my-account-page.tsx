import { useLocation, useSearchParams } from 'react-router-dom';
import { type AccountTab, accountTab, MyAccount } from '../../features/account/my-account';
import { readAccountNotice } from '../../features/account/notice';
import { NotificationsList } from '../../features/notifications/notifications-list';

/** `/my-account`, `?tab=` naming the open tab (the dashboard's 'View all' opens `?tab=notifications`). */
export function MyAccountPage() {
  const [params, setParams] = useSearchParams();
  const notice = readAccountNotice(useLocation().state);
  const select = (tab: AccountTab) => setParams(tab === 'profile' ? {} : { tab }, { replace: true });
  return (
    <MyAccount tab={accountTab(params.get('tab'))} onSelectTab={select} notice={notice} notifications={<NotificationsList />} />
  );
}
