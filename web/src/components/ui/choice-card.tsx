import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One of the big choices a page offers (components/contract-kind-choice.tsx: a private contract or a template). */
export function ChoiceCard({ to, title, description }: { to: string; title: string; description: string }) {
  return (
    <Link
      to={to}
      className="block rounded-lg border border-gray-200 p-6 shadow-sm transition-colors hover:border-emerald-500 hover:bg-emerald-50 dark:border-gray-800 dark:hover:bg-emerald-950/30"
    >
      <span className="block text-xl font-semibold">{title}</span>
      <span className="mt-2 block text-sm text-gray-600 dark:text-gray-400">{description}</span>
    </Link>
  );
}

/** The page frame around choice cards. */
export function ChoicePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
