/**
 * A turning ring in the text's colour (`className` sizes it, and may colour it). Decorative, hidden
 * from screen readers: whatever shows it also says in words what is awaited.
 */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={`shrink-0 motion-safe:animate-spin ${className}`}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeLinecap="round" strokeWidth="3" />
    </svg>
  );
}

/**
 * A whole page waiting (its code, the stage's config): a spinner in the content area instead of a
 * blank screen. It appears only after a moment, so a page that arrives at once does not flicker.
 */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] animate-appear-late items-center justify-center p-8">
      <Spinner className="size-10 text-emerald-700 dark:text-emerald-400" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
