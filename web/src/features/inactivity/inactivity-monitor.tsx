import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { timings } from '../../lib/constants';
import { useKeptAwake } from '../../lib/keep-awake';
import { useInactivity } from './use-inactivity';

/**
 * Mounted on signed-in pages: warns at 4 minutes without activity, logs out at 5 (spec §4). A page
 * waiting on the person's behalf (a checkout watching a payment) counts as activity.
 */
export function InactivityMonitor() {
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const logout = useCallback(async () => {
    await signOut();
    navigate(paths.login.getHref(), { replace: true });
  }, [signOut, navigate]);

  const { warning, stay } = useInactivity({
    warnAfterMs: timings.inactivityWarningMs,
    logoutAfterMs: timings.inactivityLogoutMs,
    onTimeout: () => void logout(),
    paused: useKeptAwake(),
  });

  if (!warning) return null;
  return (
    <Dialog
      title="Are you still there?"
      actions={
        <>
          <Button variant="secondary" onClick={() => void logout()}>
            Logout
          </Button>
          <Button onClick={stay}>Stay Logged In</Button>
        </>
      }
    >
      <p>You will be logged out due to inactivity in one minute.</p>
    </Dialog>
  );
}
