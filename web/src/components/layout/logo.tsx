import { Link } from 'react-router-dom';
import { productName } from '../../lib/use-page-meta';

/**
 * The product's mark and name, leading home. The mark is the favicon itself (web/public/favicon.svg,
 * same origin, so the Content-Security-Policy's img-src 'self' lets it through): one drawing to keep.
 * Below `lg` only the mark shows, so the header's links still fit in one row (its name stays the link's name).
 */
export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="mr-auto inline-flex min-h-11 min-w-11 shrink-0 items-center gap-2 text-lg font-bold text-emerald-700 dark:text-emerald-400"
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="sr-only lg:not-sr-only">{productName}</span>
    </Link>
  );
}
