import { type ReactNode, useEffect, useId, useRef } from 'react';

/** A modal dialog over the page; focus moves into it when it opens. */
export function Dialog({ title, children, actions }: { title: ReactNode; children: ReactNode; actions: ReactNode }) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The last action is the safe, primary one (e.g. Stay Logged In): Enter should not log anyone out.
    const actions = panel.current?.querySelectorAll<HTMLElement>('button, a[href]');
    actions?.[actions.length - 1]?.focus();
  }, []);

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/50 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-gray-900"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-gray-600 dark:text-gray-300">
          {children}
        </div>
        <div className="mt-6 flex justify-end gap-3">{actions}</div>
      </div>
    </div>
  );
}
