// @vitest-environment happy-dom

import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationItems } from '../../../web/src/features/notifications/notification-items';
import { formatDateTime, withLocalTimes } from '../../../web/src/lib/format';

afterEach(cleanup);

describe("a notification's times, in the reader's words", () => {
  it('tells each instant the server wrote as every other date of the web, and leaves the rest of the text alone', () => {
    expect(withLocalTimes('Propose how to split it by 2025-10-10T10:00:00.000Z; after that our team decides.')).toBe(
      `Propose how to split it by ${formatDateTime('2025-10-10T10:00:00.000Z')}; after that our team decides.`,
    );
    expect(withLocalTimes('From 2025-10-05T10:00:00Z to 2025-10-06T09:30:00+01:00.')).toBe(
      `From ${formatDateTime('2025-10-05T10:00:00Z')} to ${formatDateTime('2025-10-06T09:30:00+01:00')}.`,
    );
    expect(withLocalTimes('Order 2025-10-10 of 300 photos.')).toBe('Order 2025-10-10 of 300 photos.');
  });

  it('shows "Dispute opened" with its deadline as a date, not a UTC timestamp', () => {
    const body =
      'The buyer opened a dispute on "Wedding photos" (Only part was delivered): Only 120 of 300 photos. The ₦50,000.00 in escrow stays there until it is settled. Propose how to split it by 2025-10-10T10:00:00.000Z; after that our team decides.';
    render(
      <MemoryRouter>
        <NotificationItems
          notifications={[
            {
              id: 'n1',
              user_id: 'u1',
              title: 'Dispute opened',
              body,
              read: false,
              created_at: '2025-10-03T10:00:00.000Z',
              contract_id: 'c1',
            },
          ]}
          onMarkRead={() => undefined}
        />
      </MemoryRouter>,
    );
    const shown = screen.getByText(/opened a dispute/).textContent ?? '';
    expect(shown).toContain(`by ${formatDateTime('2025-10-10T10:00:00.000Z')};`);
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
