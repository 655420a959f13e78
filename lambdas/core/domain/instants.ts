/**
 * An instant as the server writes one into a text (a notification's body): ISO 8601, UTC,
 * '2026-11-28T14:05:00.000Z'. Each reader says it in its own way: the web in the reader's zone
 * (web/src/lib/format.ts), an email in Lagos time (email-templates.ts).
 */
export const isoInstants = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;
