import { type ReactNode, useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * Renders its children in the browser only: not in the pre-render (web/src/prerender.tsx), nor in
 * the hydration pass that takes the pre-rendered HTML over, then at once. For what a page cannot
 * know at build time, such as the stage's config.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  return inBrowser ? children : null;
}
