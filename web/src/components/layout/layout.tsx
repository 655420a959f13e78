import { internalErrorMessage } from '@escrow/api/http';
import { Component, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { isOpenPath, isPublicPath } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { PageLoading } from '../ui/spinner';
import { AppHeader } from './app-header';
import { Footer } from './footer';
import { HelpButton } from './help-button';
import { PublicHeader } from './public-header';

/** The header that follows the session: looking it up loads Amplify, so the public pages never render this. */
function SessionHeader({ open }: { open: boolean }) {
  const { state } = useAuth();
  if (state.status === 'signedIn') return <AppHeader />;
  // Until the session is known, no header rather than the wrong one; an open page shows the public one.
  if (state.status === 'loading' && !open) return null;
  return <PublicHeader />;
}

function Header({ pathname }: { pathname: string }) {
  if (isPublicPath(pathname)) return <PublicHeader />;
  return <SessionHeader open={isOpenPath(pathname)} />;
}

/** A page that cannot start (the stage's `/config.json` is missing or invalid) says so instead of going blank. */
class StartFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Could not start: /config.json is missing or invalid', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="p-8 text-center">
        {internalErrorMessage}
      </p>
    );
  }
}

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <Header pathname={pathname} />
      <div className="h-14 shrink-0" aria-hidden="true" />
      <main className="flex-1">
        <StartFailure key={pathname}>
          {/* A page's code and the stage's config load here: a spinner, not a blank screen. */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </StartFailure>
      </main>
      <Footer />
      <HelpButton />
    </div>
  );
}
