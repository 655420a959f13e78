/** What v3's list endpoints share: the `page` parameter, the `from`/`to` days and `meta.page_info`. */

/** Lagos keeps West Africa Time, UTC+1, all year (no daylight saving). */
const watOffsetMs = 3_600_000;
const dayMs = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When a Lagos day (YYYY-MM-DD) starts, in epoch ms, or null for text that is not a real day
 * (2025-02-30 included). v3 is a Nigerian provider and the product's reconciliation cuts its days
 * the same way, so a payment at 00:30 in Lagos (23:30 UTC the day before) belongs to the Lagos day.
 */
export function lagosDayStartMs(day: string): number | null {
  if (!dayPattern.test(day)) return null;
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  if (!Number.isFinite(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== day) return null;
  return utcMidnight - watOffsetMs;
}

/** A list request's page and its created-at filter, or why it is refused. */
export type ListQuery = { page: number; createdWithin: (createdAt: string) => boolean } | { refused: string };

/**
 * Reads `page` (1-based, default 1) and `from`/`to` (YYYY-MM-DD, whole Lagos days, both inclusive,
 * each optional) the way v3's lists take them.
 */
export function readListQuery(query: URLSearchParams): ListQuery {
  const pageText = query.get('page') ?? '1';
  if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1) return { refused: 'page is invalid' };
  const from = query.get('from');
  const to = query.get('to');
  const start = from === null ? Number.NEGATIVE_INFINITY : lagosDayStartMs(from);
  const endDay = to === null ? Number.POSITIVE_INFINITY : lagosDayStartMs(to);
  if (start === null) return { refused: 'from is invalid' };
  if (endDay === null) return { refused: 'to is invalid' };
  const end = endDay + dayMs;
  if (end <= start) return { refused: 'to is before from' };
  return {
    page: Number(pageText),
    createdWithin: (createdAt) => {
      const at = Date.parse(createdAt);
      return at >= start && at < end;
    },
  };
}

/** One page of `rows` (already in v3's order) with the `meta.page_info` v3 answers. */
export function pageOf<T>(rows: T[], page: number, perPage: number) {
  return {
    pageInfo: { total: rows.length, current_page: page, total_pages: Math.ceil(rows.length / perPage) },
    rows: rows.slice((page - 1) * perPage, page * perPage),
  };
}
