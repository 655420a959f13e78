import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../web/src/lib/relative-time';

const now = new Date('2025-10-20T12:00:00.000Z');
const earlier = (ms: number) => new Date(now.getTime() - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('relative time of a device last use (spec §9)', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [minute, '1 minute ago'],
    [59 * minute + 59_999, '59 minutes ago'],
    [hour, '1 hour ago'],
    [23 * hour + 59 * minute, '23 hours ago'],
    [day, '1 day ago'],
    [7 * day - 1, '6 days ago'],
  ])('%i ms ago is %s', (elapsed, text) => {
    expect(relativeTime(earlier(elapsed), now)).toBe(text);
  });

  it('gives the date from a week on', () => {
    expect(relativeTime('2025-10-13T12:00:00.000Z', now)).toBe('October 13, 2025');
    expect(relativeTime('2025-01-05T12:00:00.000Z', now)).toBe('January 5, 2025');
  });

  it("calls a time slightly ahead of this clock 'Just now'", () => {
    expect(relativeTime(earlier(-5_000), now)).toBe('Just now');
  });

  it('shows an unreadable time as it is', () => {
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
