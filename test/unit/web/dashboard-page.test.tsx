// @vitest-environment happy-dom

import type { NotificationsResponse, NotificationView } from '@escrow/api/notifications';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotifications, markNotificationRead } from '../../../web/src/features/notifications/api';
import { markedRead } from '../../../web/src/features/notifications/notifications';
import { getProfile } from '../../../web/src/features/profile/api';
import { dispatchRealtimeEvent } from '../../../web/src/lib/realtime';
import { DashboardPage } from '../../../web/src/pages/dashboard/dashboard-page';
import { renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/notifications/api', () => ({ getNotifications: vi.fn(), markNotificationRead: vi.fn() }));
vi.mock('../../../web/src/features/profile/api', () => ({ getProfile: vi.fn() }));

function notification(n: number, read = false): NotificationView {
  return {
    id: `n${n}`,
    user_id: 'u1',
    title: `Notice ${n}`,
    body: `Body ${n}`,
    read,
    created_at: `2025-10-0${n}T10:00:00.000Z`,
  };
}

async function renderDashboard() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <DashboardPage />
    </MemoryRouter>,
    { auth: signedIn },
  );
  await act(async () => {});
}

const badge = () => screen.getByTestId('unread-count').textContent;

beforeEach(() => {
  vi.mocked(getProfile).mockReset().mockResolvedValue({ id: 'u1', email: 'ada@example.com', created_at: '', profile: null });
  vi.mocked(getNotifications).mockReset();
  vi.mocked(markNotificationRead).mockReset();
});

afterEach(cleanup);

describe('marking a notification read', () => {
  const state: NotificationsResponse = { notifications: [notification(1), notification(2, true)], unread_count: 1 };

  it('marks the item read and drops the unread count by 1', () => {
    const next = markedRead(state, 'n1');
    expect(next.unread_count).toBe(0);
    expect(next.notifications.find((n) => n.id === 'n1')?.read).toBe(true);
  });

  it('never takes the count below 0', () => {
    expect(markedRead({ ...state, unread_count: 0 }, 'n1').unread_count).toBe(0);
  });

  it('changes nothing for an item already read', () => {
    expect(markedRead(state, 'n2')).toBe(state);
  });
});

describe('dashboard', () => {
  it('offers the six shortcut tiles', async () => {
    vi.mocked(getNotifications).mockResolvedValue({ notifications: [], unread_count: 0 });
    await renderDashboard();
    const hrefs = Object.fromEntries(
      ['Create Contract', 'Find Contract', 'My Contracts', 'My Templates', 'Engaged Contracts', 'Support'].map((name) => [
        name,
        screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href'),
      ]),
    );
    expect(hrefs).toEqual({
      'Create Contract': '/create-contract-prompt',
      'Find Contract': '/find-contract',
      'My Contracts': '/view-contracts',
      'My Templates': '/my-templates',
      'Engaged Contracts': '/engaged-contracts',
      Support: '/support',
    });
  });

  it("shows at most the 3 newest notifications, the unread badge and 'View all'", async () => {
    vi.mocked(getNotifications).mockResolvedValue({
      notifications: [1, 2, 3, 4, 5].map((n) => notification(n)),
      unread_count: 5,
    });
    await renderDashboard();
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Notice 1',
      'Notice 2',
      'Notice 3',
    ]);
    expect(badge()).toBe('5 unread');
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/my-account?tab=notifications');
  });

  it('shows the empty state when there are none', async () => {
    vi.mocked(getNotifications).mockResolvedValue({ notifications: [], unread_count: 0 });
    await renderDashboard();
    expect(screen.getByText('No notifications yet.')).toBeTruthy();
    expect(badge()).toBe('0 unread');
  });

  it('offers mark-as-read on unread items only; the badge drops by 1', async () => {
    vi.mocked(getNotifications).mockResolvedValue({ notifications: [notification(1), notification(2, true)], unread_count: 2 });
    let answer: (value: { unread_count: number }) => void = () => {};
    vi.mocked(markNotificationRead).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderDashboard();
    const buttons = screen.getAllByRole('button', { name: 'Mark as read' });
    expect(buttons).toHaveLength(1);

    await act(async () => {
      fireEvent.click(buttons[0] as HTMLElement);
    });
    expect(markNotificationRead).toHaveBeenCalledWith('n1');
    expect(badge()).toBe('1 unread');
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();

    await act(async () => answer({ unread_count: 1 }));
    expect(badge()).toBe('1 unread');
  });

  it('keeps the badge at 0 when the count was already 0', async () => {
    vi.mocked(getNotifications).mockResolvedValue({ notifications: [notification(1)], unread_count: 0 });
    // The server has not answered yet: the badge is the page's own count.
    vi.mocked(markNotificationRead).mockReturnValue(new Promise(() => {}));
    await renderDashboard();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    });
    expect(badge()).toBe('0 unread');
  });

  it('reloads the notifications when the tab regains focus', async () => {
    vi.mocked(getNotifications).mockResolvedValueOnce({ notifications: [], unread_count: 0 });
    vi.mocked(getNotifications).mockResolvedValueOnce({ notifications: [notification(7)], unread_count: 1 });
    await renderDashboard();
    expect(screen.getByText('No notifications yet.')).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(getNotifications).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Notice 7')).toBeTruthy();
    expect(badge()).toBe('1 unread');
  });
});

describe('a notification announced on the person’s realtime channel', () => {
  it('appears on the open dashboard without a reload or a focus change', async () => {
    vi.mocked(getNotifications)
      .mockResolvedValueOnce({ notifications: [notification(1, true)], unread_count: 0 })
      .mockResolvedValueOnce({ notifications: [notification(2), notification(1, true)], unread_count: 1 });
    await renderDashboard();
    expect(screen.queryByText('Notice 2')).toBeNull();
    await act(async () => dispatchRealtimeEvent({ type: 'notification', notification: { id: 'n2' } }));
    expect(screen.getByText('Notice 2')).toBeTruthy();
    expect(badge()).toBe('1 unread');
    // A contract change is not a notification: the list is not asked for again.
    await act(async () => dispatchRealtimeEvent({ type: 'contract', contract_id: 'c1', status: 'in_escrow', version: 2 }));
    expect(getNotifications).toHaveBeenCalledTimes(2);
  });
});
