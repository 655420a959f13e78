import { type ReactNode, useId } from 'react';

/**
 * A part of a page under its own heading ("Cancellation", "Dispute", "Payout"), which names the
 * section for a screen reader. `className` spaces what it holds (space-y-3 unless told).
 */
export function Section({
  title,
  className = 'space-y-3',
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
