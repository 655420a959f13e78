import { useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';
import { PageLoading } from './ui/spinner';

/**
 * Wraps sign-up and login: a user who is already signed in goes to the dashboard. Only the session
 * found on arrival counts, so a sign-in made on the page itself keeps its own redirect timing.
 */
export function GuestGuard() {
  const { state } = useAuth();
  const arrivedSignedIn = useRef<boolean | null>(null);
  if (state.status === 'loading') return <PageLoading />;
  arrivedSignedIn.current ??= state.status === 'signedIn';
  if (arrivedSignedIn.current) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Outlet />;
}
