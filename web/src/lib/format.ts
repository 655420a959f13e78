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

/** A long id cut to its first `length` characters, for display only. */
export function shortId(id: string, length = 8): string {
  return id.length > length ? `${id.slice(0, length)}...` : id;
}
