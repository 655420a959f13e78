import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { rememberAfterSignIn } from '../lib/after-sign-in';
import { useAuth } from '../lib/auth';
import { Loading } from './ui/page';

export function LoginGuard() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center p-8">
        <Loading>Checking authentication...</Loading>
      </div>
    );
  }
  if (state.status === 'signedOut') {
    // After signing in (or up first), the person comes back to what they opened.
    rememberAfterSignIn(`${location.pathname}${location.search}`);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return <Outlet />;
}
