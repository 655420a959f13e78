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

/** An ISO 8601 instant as the server writes one into a text: '2025-10-10T10:00:00.000Z'. */
const isoInstant = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * A text the server wrote (a notification's body) with each instant in it told like every other
 * date of the web, {@link formatDateTime}, in the reader's own time zone: the server cannot know
 * it, so it writes the instant in UTC and the page says it.
 */
export function withLocalTimes(text: string): string {
  return text.replace(isoInstant, (iso) => formatDateTime(iso));
}

/** A long id cut to its first `length` characters, for display only. */
export function shortId(id: string, length = 8): string {
  return id.length > length ? `${id.slice(0, length)}...` : id;
}
