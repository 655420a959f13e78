import type { ReactNode } from 'react';
import { tapTargetClass } from './button';
import { Spinner } from './spinner';

/** The frame of a signed-in content page: a heading, optional actions beside it, then the content. */
export function Page({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
      <div className="mt-6 space-y-6">{children}</div>
    </section>
  );
}

/** A label/value pair of a details list. */
export function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="mt-1 break-words sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

export function Details({ children }: { children: ReactNode }) {
  return (
    <dl className="divide-y divide-gray-200 rounded-lg border border-gray-200 px-4 dark:divide-gray-800 dark:border-gray-800">
      {children}
    </dl>
  );
}

/** What a part of a page says while its data loads: the spinner beside the text, announced as a status. */
export function Loading({ children = 'Loading...' }: { children?: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-400">
      <Spinner className="size-5 text-emerald-700 dark:text-emerald-400" />
      {children}
    </p>
  );
}

/**
 * A link in running text. It stays inline (the line keeps its height), but its vertical padding,
 * which an inline box paints and takes taps on without moving the text, makes it about 44 px tall
 * to a finger instead of the text's 16 px.
 */
export const linkClass = 'py-3.5 font-medium text-emerald-700 hover:underline dark:text-emerald-400';

/** A link styled as a button (navigation, not an action), as tall as a Button; its text sits in the middle. */
export const linkButtonClass = `inline-flex items-center justify-center ${tapTargetClass} rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-emerald-800`;
export const secondaryLinkButtonClass = `inline-flex items-center justify-center ${tapTargetClass} rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-800 shadow-sm hover:bg-gray-100 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800`;
