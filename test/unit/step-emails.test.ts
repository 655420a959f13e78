import { describe, expect, it } from 'vitest';
import { stepEmails, withLagosTimes } from '../../lambdas/core/domain/email-templates';

describe('the emails of a deal', () => {
  it('say an instant in Lagos time, never the UTC the notification stores', () => {
    expect(withLagosTimes('Propose how to split it by 2026-11-28T14:05:00.000Z; after that our team decides.')).toBe(
      'Propose how to split it by 28 November 2026 at 15:05 (Lagos time); after that our team decides.',
    );
    expect(withLagosTimes('ends at 2026-12-31T23:30:00Z.')).toBe('ends at 1 January 2027 at 00:30 (Lagos time).');
    expect(withLagosTimes('No time here, only 2026 and 14:05.')).toBe('No time here, only 2026 and 14:05.');
  });

  it('close each way money goes back with its own subject, none of them a dispute unless one was opened', () => {
    const closings = ['cancellation-refunded', 'delivery-refunded', 'settlement-complete'] as const;
    const subjects = closings.map((step) => stepEmails[step].subject);
    expect(new Set(subjects).size).toBe(closings.length);
    expect(subjects.filter((subject) => /dispute/i.test(subject))).toEqual([]);
    expect(stepEmails['delivery-expired'].subject).toBe('"{{title}}" was not delivered in time');
  });
});
