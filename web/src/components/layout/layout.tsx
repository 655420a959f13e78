import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { isPublicPath } from '../../config/paths';
import { type AuthState, useAuth } from '../../lib/auth';
import { AppHeader } from './app-header';
import { Footer } from './footer';
import { HelpButton } from './help-button';
import { PublicHeader } from './public-header';

function Header({ pathname, auth }: { pathname: string; auth: AuthState }) {
  if (isPublicPath(pathname)) return <PublicHeader />;
  if (auth.status === 'signedIn') return <AppHeader />;
  // Until the session is known, no header rather than the wrong one.
  if (auth.status === 'loading') return null;
  return <PublicHeader />;
}

export function Layout() {
  const { pathname } = useLocation();
  const { state } = useAuth();
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <Header pathname={pathname} auth={state} />
      <div className="h-14 shrink-0" aria-hidden="true" />
      <main className="flex-1">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <HelpButton />
    </div>
  );
}
