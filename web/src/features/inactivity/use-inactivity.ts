import { useCallback, useEffect, useRef, useState } from 'react';

/** What counts as the person being there (spec §4 "Inactivity"). */
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export interface InactivityOptions {
  warnAfterMs: number;
  logoutAfterMs: number;
  onTimeout: () => void;
  /** The page waits on the person's behalf (lib/keep-awake.ts): no clock runs, and it starts afresh after. @default false */
  paused?: boolean;
}

/**
 * Warns after `warnAfterMs` without activity and calls `onTimeout` after `logoutAfterMs`. Once the
 * warning shows, only `stay()` (the dialog's button) restarts the clock, so a stray mouse move
 * does not silently dismiss it.
 */
export function useInactivity({ warnAfterMs, logoutAfterMs, onTimeout, paused = false }: InactivityOptions) {
  const [warning, setWarning] = useState(false);
  const warningRef = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const onTimeoutRef = useRef(onTimeout);
  onTimeoutRef.current = onTimeout;

  const restart = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    warningRef.current = false;
    setWarning(false);
    timers.current = [
      setTimeout(() => {
        warningRef.current = true;
        setWarning(true);
      }, warnAfterMs),
      setTimeout(() => onTimeoutRef.current(), logoutAfterMs),
    ];
  }, [warnAfterMs, logoutAfterMs]);

  useEffect(() => {
    if (paused) {
      warningRef.current = false;
      setWarning(false);
      return;
    }
    restart();
    const onActivity = () => {
      if (!warningRef.current) restart();
    };
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, [restart, paused]);

  return { warning, stay: restart };
}
