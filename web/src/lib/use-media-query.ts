import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: at and above it there is room for a full row of header links. */
export const smallScreenUp = '(min-width: 640px)';

/** Whether the media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
