import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { rememberAfterSignIn } from '../lib/after-sign-in';
import { useAuth } from '../lib/auth';

export function LoginGuard() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') {
    return <p className="p-8 text-center text-gray-600 dark:text-gray-400">Checking authentication...</p>;
  }
  if (state.status === 'signedOut') {
    // After signing in (or up first), the person comes back to what they opened.
    rememberAfterSignIn(`${location.pathname}${location.search}`);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return <Outlet />;
}
