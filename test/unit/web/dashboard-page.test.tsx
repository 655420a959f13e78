// @vitest-environment happy-dom

import type { Profile, ProfileResponse } from '@escrow/api/identity';
import type { NotificationsResponse, NotificationView } from '@escrow/api/notifications';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccount } from '../../../web/src/features/account/api';
import { getNotifications, markNotificationRead } from '../../../web/src/features/notifications/api';
import { markedRead } from '../../../web/src/features/notifications/notifications';
import { getProfile } from '../../../web/src/features/profile/api';
import { dispatchRealtimeEvent } from '../../../web/src/lib/realtime';
import { DashboardPage } from '../../../web/src/pages/dashboard/dashboard-page';
import { Arrived, renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/notifications/api', () => ({ getNotifications: vi.fn(), markNotificationRead: vi.fn() }));
vi.mock('../../../web/src/features/profile/api', () => ({ getProfile: vi.fn() }));
vi.mock('../../../web/src/features/account/api', () => ({ getAccount: vi.fn() }));

/** A seller's account: with a payment PIN and bank details unless told otherwise. */
function account(profile: Partial<Profile> = {}): ProfileResponse {
  return {
    id: 'u1',
    email: 'ada@example.com',
    created_at: '',
    profile: {
      full_name: 'Ada Lovelace',
      username: null,
      phone_number: null,
      security_ques: 'Pet?',
      has_security_answer: true,
      has_payment_pin: true,
      account_number: '0690000031',
      bank_code: '044',
      account_name: 'ADA LOVELACE',
      email_updates: true,
      ...profile,
    },
  };
}

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

async function renderDashboard(state?: unknown) {
  renderWithProviders(
    <MemoryRouter initialEntries={[{ pathname: '/dashboard', state }]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/contracts/:contractId" element={<Arrived at="the contract" />} />
      </Routes>
    </MemoryRouter>,
    { auth: signedIn },
  );
  await act(async () => {});
}

const badge = () => screen.getByTestId('unread-count').textContent;

beforeEach(() => {
  vi.mocked(getProfile).mockReset().mockResolvedValue({ id: 'u1', email: 'ada@example.com', created_at: '', profile: null });
  vi.mocked(getAccount).mockReset().mockResolvedValue(account());
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

  it("links a notification about a contract to it with 'Open contract'; one about none has no link", async () => {
    vi.mocked(getNotifications).mockResolvedValue({
      notifications: [{ ...notification(1), contract_id: 'c-42' }, notification(2)],
      unread_count: 2,
    });
    await renderDashboard();
    const [about, other] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const open = within(about).getByRole('link', { name: 'Open contract' });
    expect(open.getAttribute('href')).toBe('/contracts/c-42');
    // Which contract, for a screen reader going from link to link.
    expect(open.getAttribute('aria-describedby')).toBe(within(about).getByText('Notice 1').id);
    expect(within(other).queryByRole('link')).toBeNull();
    expect(within(other).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });

  it('marks an unread notification read when it is opened, and goes to its contract', async () => {
    vi.mocked(getNotifications).mockResolvedValue({
      notifications: [{ ...notification(1), contract_id: 'c-42' }],
      unread_count: 1,
    });
    vi.mocked(markNotificationRead).mockResolvedValue({ unread_count: 0 });
    await renderDashboard();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Open contract' }));
    });
    expect(markNotificationRead).toHaveBeenCalledWith('n1');
    expect(screen.getByText('Arrived at the contract')).toBeTruthy();
  });

  it('opens a notification already read without marking it again', async () => {
    vi.mocked(getNotifications).mockResolvedValue({
      notifications: [{ ...notification(1, true), contract_id: 'c-42' }],
      unread_count: 0,
    });
    await renderDashboard();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Open contract' }));
    });
    expect(screen.getByText('Arrived at the contract')).toBeTruthy();
    expect(markNotificationRead).not.toHaveBeenCalled();
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

describe('the Get paid checklist', () => {
  const checklist = () => screen.queryByRole('region', { name: 'Get paid' });
  const step = (name: string) => {
    const item = within(checklist() as HTMLElement)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith(name));
    if (!item) throw new Error(`No step ${name}`);
    return item;
  };

  beforeEach(() => {
    vi.mocked(getNotifications).mockResolvedValue({ notifications: [], unread_count: 0 });
  });

  it('asks a new seller for a payment PIN and bank details, each linking to its page and back here', async () => {
    vi.mocked(getAccount).mockResolvedValue(account({ has_payment_pin: false, account_number: null, bank_code: null }));
    await renderDashboard();
    expect(checklist()).toBeTruthy();
    expect(within(step('Payment PIN')).getByRole('link', { name: 'Set Payment PIN' }).getAttribute('href')).toBe(
      '/reset-pin?returnTo=%2Fdashboard',
    );
    expect(within(step('Bank details')).getByRole('link', { name: 'Add Bank Information' }).getAttribute('href')).toBe(
      '/bank-info?returnTo=%2Fdashboard',
    );
  });

  it('marks what is done and links only to what is missing', async () => {
    vi.mocked(getAccount).mockResolvedValue(account({ account_number: null, bank_code: null }));
    await renderDashboard();
    expect(step('Payment PIN').textContent).toContain('Done');
    expect(within(step('Payment PIN')).queryByRole('link')).toBeNull();
    expect(within(step('Bank details')).getByRole('link', { name: 'Add Bank Information' })).toBeTruthy();
    expect(step('Bank details').textContent).not.toContain('Done');
  });

  it('asks for both when the profile row is missing', async () => {
    vi.mocked(getAccount).mockResolvedValue({ ...account(), profile: null });
    await renderDashboard();
    expect(within(step('Payment PIN')).getByRole('link', { name: 'Set Payment PIN' })).toBeTruthy();
    expect(within(step('Bank details')).getByRole('link', { name: 'Add Bank Information' })).toBeTruthy();
  });

  it('is gone once both are done', async () => {
    await renderDashboard();
    expect(checklist()).toBeNull();
  });

  it('says nothing when the account cannot be loaded', async () => {
    vi.mocked(getAccount).mockRejectedValue(new Error('offline'));
    await renderDashboard();
    expect(checklist()).toBeNull();
  });

  it('announces a step just finished on the way back (the PIN set)', async () => {
    vi.mocked(getAccount).mockResolvedValue(account({ account_number: null, bank_code: null }));
    await renderDashboard({ notice: 'Your payment PIN has been set.' });
    expect(within(checklist() as HTMLElement).getByRole('status').textContent).toBe('Your payment PIN has been set.');
  });

  it('announces the last step too, though the list is then gone', async () => {
    await renderDashboard({ notice: 'Bank details saved successfully!' });
    expect(checklist()).toBeNull();
    expect(screen.getByText('Bank details saved successfully!')).toBeTruthy();
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
