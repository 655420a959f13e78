import { useCallback, useEffect, useRef, useState } from 'react';
import { timings } from '../../lib/constants';
import { tapTargetClass } from './button';
import { Detail } from './page';
import { Toast } from './toast';

/**
 * How a copy is confirmed (spec §9): the button itself says 'Copied!' for 2 seconds, or a
 * 'Copied!' toast shows for 1.5 seconds, for buttons repeated down a list, where a toast in the
 * corner reads better than one row's label changing.
 */
export type CopyConfirmation = 'label' | 'toast';

/** Copies `text` to the clipboard and confirms it the `confirmation` way. */
export function CopyButton({
  text,
  label = 'Copy',
  confirmation = 'label',
}: {
  text: string;
  label?: string;
  confirmation?: CopyConfirmation;
}) {
  const [copied, setCopied] = useState(false);
  // Each copy gets a new key, so a second copy while the toast shows starts its time again.
  const [toastKey, setToastKey] = useState<number | null>(null);
  const hideToast = useCallback(() => setToastKey(null), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard (insecure context, denied permission): claiming success would mislead.
      return;
    }
    if (confirmation === 'toast') {
      setToastKey((previous) => (previous ?? 0) + 1);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), timings.copyConfirmationMs);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className={`${tapTargetClass} rounded-md border border-gray-300 px-3 py-1 text-sm font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800`}
      >
        {copied ? 'Copied!' : label}
      </button>
      {toastKey !== null && (
        <Toast key={toastKey} durationMs={timings.toastMs} onDone={hideToast}>
          Copied!
        </Toast>
      )}
    </>
  );
}

/** An id in monospace with its copy button. */
export function CopyableId({ id, confirmation }: { id: string; confirmation?: CopyConfirmation }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="rounded bg-gray-100 px-2 py-1 text-sm break-all dark:bg-gray-800">{id}</code>
      <CopyButton text={id} confirmation={confirmation} />
    </span>
  );
}

/** The row of a details list that shows an id ("Contract ID", "User ID") to copy. */
export function IdDetail({ label, id }: { label: string; id: string }) {
  return (
    <Detail label={label}>
      <CopyableId id={id} />
    </Detail>
  );
}
