import { StrictMode } from 'react';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app under a router: the browser's (main.tsx) or, at build time, a static one at one
 * path (prerender.tsx). Both render this same tree, so the browser can hydrate the pre-rendered HTML.
 */
export function App() {
  return (
    <StrictMode>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StrictMode>
  );
}
