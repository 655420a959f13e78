import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';

export function LoginGuard() {
  const { state } = useAuth();
  if (state.status === 'loading') {
    return <p className="p-8 text-center text-gray-600 dark:text-gray-400">Checking authentication...</p>;
  }
  if (state.status === 'signedOut') return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
}
