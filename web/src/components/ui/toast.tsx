import { type ReactNode, useEffect } from 'react';

/** A short-lived message in the corner; calls `onDone` after `durationMs`. */
export function Toast({ children, durationMs, onDone }: { children: ReactNode; durationMs: number; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, durationMs);
    return () => clearTimeout(timer);
  }, [durationMs, onDone]);
  return (
    <div
      role="status"
      className="fixed top-20 right-5 z-50 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-lg"
    >
      {children}
    </div>
  );
}
