import { isoInstants } from '@escrow/domain/instants';

/** '2025-10-01T10:00:00Z' -> 'October 1, 2025' (the long US format the account page uses too). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A date with its time, for notifications. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A text the server wrote (a notification's body) with each instant in it told like every other
 * date of the web, {@link formatDateTime}, in the reader's own time zone: the server cannot know
 * it, so it writes the instant in UTC and the page says it.
 */
export function withLocalTimes(text: string): string {
  return text.replace(isoInstants, (iso) => formatDateTime(iso));
}

/** A long id cut to its first `length` characters, for display only. */
export function shortId(id: string, length = 8): string {
  return id.length > length ? `${id.slice(0, length)}...` : id;
}
