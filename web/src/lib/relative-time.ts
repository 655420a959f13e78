import { formatDate } from './format';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * When a device was last used, as the account page says it (spec §9): under a minute 'Just now',
 * then whole minutes, hours and days up to a week, then the date. A time in the future (a clock
 * ahead of this one) is 'Just now' too.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < minuteMs) return 'Just now';
  if (elapsed < hourMs) return ago(Math.floor(elapsed / minuteMs), 'minute');
  if (elapsed < dayMs) return ago(Math.floor(elapsed / hourMs), 'hour');
  if (elapsed < 7 * dayMs) return ago(Math.floor(elapsed / dayMs), 'day');
  return formatDate(iso);
}
