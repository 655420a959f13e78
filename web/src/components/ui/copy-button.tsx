import { useEffect, useRef, useState } from 'react';
import { timings } from '../../lib/constants';

/** Copies `text` to the clipboard and says 'Copied!' for 2 seconds (spec §9). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard (insecure context, denied permission): claiming success would mislead.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), timings.copyConfirmationMs);
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="rounded-md border border-gray-300 px-2 py-1 text-xs font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
    >
      {copied ? 'Copied!' : label}
    </button>
  );
}

/** An id in monospace with its copy button. */
export function CopyableId({ id }: { id: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="rounded bg-gray-100 px-2 py-1 text-sm break-all dark:bg-gray-800">{id}</code>
      <CopyButton text={id} />
    </span>
  );
}
