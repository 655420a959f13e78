// @vitest-environment happy-dom

import type { ProfileResponse, TrustedDevice } from '@escrow/api/identity';
import type { NotificationView } from '@escrow/api/notifications';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceKind } from '../../../web/src/features/account/devices';
import { MyAccountPage } from '../../../web/src/pages/account/my-account-page';
import { fakeApi, reply } from './fake-api';
import { Arrived, click, renderSignedInAt, renderWithProviders, signedIn } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

const account: ProfileResponse = {
  id: 'u1-0123456789abcdef',
  email: 'ada@example.com',
  created_at: '2026-11-22T10:00:00.000Z',
  profile: {
    full_name: 'Ada Lovelace',
    username: 'ada',
    phone_number: '+2348012345678',
    security_ques: 'What was the name of your first pet?',
    has_security_answer: true,
    has_payment_pin: true,
    account_number: '0690000031',
    bank_code: '058',
    account_name: 'ADA LOVELACE',
    email_updates: true,
  },
};
const profile = account.profile as NonNullable<ProfileResponse['profile']>;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const devices: TrustedDevice[] = [
  {
    id: 'device-1',
    device_id: 'device-1',
    device_name: 'Mac',
    last_used_at: minutesAgo(0),
    registered_at: '2025-10-01T10:00:00.000Z',
  },
  {
    id: 'fingerprint-of-the-phone-0123',
    device_id: 'fingerprint-of-the-phone-0123',
    device_name: 'iPhone',
    last_used_at: minutesAgo(3 * 60),
    registered_at: '2025-10-02T10:00:00.000Z',
  },
];

const notification: NotificationView = {
  id: 'n1',
  user_id: 'u1',
  title: 'Payment received',
  body: 'Your contract is funded.',
  read: false,
  created_at: '2025-10-03T10:00:00.000Z',
};

const api = fakeApi();

const renderAccount = (entry = '/my-account') =>
  renderSignedInAt(
    entry,
    <>
      <Route path="/my-account" element={<MyAccountPage />} />
      <Route path="/contracts/:contractId" element={<Arrived at="the contract" />} />
    </>,
  );

/** The value next to a details label. */
const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function openTab(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('tab', { name }));
  });
}

beforeEach(() => {
  api.install();
  api
    .on('GET', '/profile', reply(account))
    .on('GET', '/devices', reply({ devices }))
    .on('GET', '/notifications', reply({ notifications: [notification], unread_count: 1 }))
    .on('POST', '/notifications/n1/read', reply({ unread_count: 0 }));
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('my account: profile information', () => {
  it('shows the personal information: name, email, @username, phone, long US created date and the user ID', async () => {
    await renderAccount();
    expect(screen.getByRole('tab', { name: 'Profile Information' }).getAttribute('aria-selected')).toBe('true');
    expect(detail('Full Name')).toBe('Ada Lovelace');
    expect(detail('Email')).toBe('ada@example.com');
    expect(detail('Username')).toBe('@ada');
    expect(detail('Phone Number')).toBe('+2348012345678');
    expect(detail('Account Created')).toBe('November 22, 2026');
    expect(screen.getByText(account.id)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it("says 'Loading account info...' until the profile arrives", async () => {
    api.on('GET', '/profile', () => new Promise(() => {}));
    await renderAccount();
    expect(screen.getByText('Loading account info...')).toBeTruthy();
  });

  it("copies the user ID and says 'Copied!' for 2 seconds", async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderAccount();
    vi.useFakeTimers();
    await click('Copy');
    expect(writeText).toHaveBeenCalledWith(account.id);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it("says 'Not Set' without a full name and leaves out the username and phone when absent", async () => {
    api.on(
      'GET',
      '/profile',
      reply({ ...account, profile: { ...profile, full_name: null, username: null, phone_number: null } }),
    );
    await renderAccount();
    expect(detail('Full Name')).toBe('Not Set');
    expect(screen.queryByText('Username')).toBeNull();
    expect(screen.queryByText('Phone Number')).toBeNull();
  });

  it('masks the payment PIN and the security answer and shows the question in plain text', async () => {
    await renderAccount();
    expect(detail('Payment PIN')).toBe('••••');
    expect(detail('Security Question')).toBe('What was the name of your first pet?');
    expect(detail('Security Answer')).toMatch(/^•+$/);
  });

  it('shows only the security values that are set', async () => {
    api.on('GET', '/profile', reply({ ...account, profile: { ...profile, has_payment_pin: false } }));
    await renderAccount();
    expect(screen.queryByText('Payment PIN')).toBeNull();
    expect(detail('Security Question')).toBe('What was the name of your first pet?');
  });

  it('names the bank from its code and shows the account number and name', async () => {
    await renderAccount();
    expect(detail('Bank Name')).toBe('Guaranty Trust Bank');
    expect(detail('Account Number')).toBe('0690000031');
    expect(detail('Account Name')).toBe('ADA LOVELACE');
    expect(screen.getAllByRole('link', { name: /bank/i }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Update Bank Info', '/bank-info'],
    ]);
  });

  it('shows a bank code the table does not know as it is', async () => {
    api.on('GET', '/profile', reply({ ...account, profile: { ...profile, bank_code: '999' } }));
    await renderAccount();
    expect(detail('Bank Name')).toBe('999');
  });

  it("shows 'No bank details added yet' with 'Add Bank Information' to /bank-info when there is no account number", async () => {
    api.on(
      'GET',
      '/profile',
      reply({ ...account, profile: { ...profile, account_number: null, bank_code: null, account_name: null } }),
    );
    await renderAccount();
    expect(screen.getByText('No bank details added yet')).toBeTruthy();
    // One bank button, under one label.
    expect(screen.getAllByRole('link', { name: /bank/i }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Add Bank Information', '/bank-info'],
    ]);
  });

  it("offers 'Add Bank Information' when the profile row is missing", async () => {
    api.on('GET', '/profile', reply({ ...account, profile: null }));
    await renderAccount();
    expect(screen.getAllByRole('link', { name: /bank/i }).map((link) => link.textContent)).toEqual(['Add Bank Information']);
  });

  it('offers Reset Payment PIN and Change Password', async () => {
    await renderAccount();
    expect(screen.getByRole('link', { name: 'Reset Payment PIN' }).getAttribute('href')).toBe('/reset-pin');
    expect(screen.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("offers 'Set Payment PIN' while there is no PIN", async () => {
    api.on('GET', '/profile', reply({ ...account, profile: { ...profile, has_payment_pin: false } }));
    await renderAccount();
    expect(screen.getByRole('link', { name: 'Set Payment PIN' }).getAttribute('href')).toBe('/reset-pin');
    expect(screen.queryByRole('link', { name: 'Reset Payment PIN' })).toBeNull();
  });

  it('shows only email, created date and ID when the profile row is missing', async () => {
    api.on('GET', '/profile', reply({ ...account, profile: null }));
    await renderAccount();
    expect(detail('Email')).toBe('ada@example.com');
    expect(detail('Account Created')).toBe('November 22, 2026');
    expect(screen.getByText(account.id)).toBeTruthy();
    for (const absent of ['Full Name', 'Security Information', 'Banking Information']) {
      expect(screen.queryByText(absent)).toBeNull();
    }
  });

  it("says 'Could not load your account details. Please try again.' and 'Could not load your profile. It might be incomplete.' when the profile cannot be loaded, with the way back", async () => {
    api.on('GET', '/profile', reply({ error: 'An unexpected error occurred' }, 500));
    await renderAccount();
    expect(screen.getByRole('alert').textContent).toBe('Could not load your account details. Please try again.');
    expect(screen.getByText('Could not load your profile. It might be incomplete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it("says 'Failed to fetch user data. Please log in again.' when the user's session cannot be read, and calls nothing", async () => {
    vi.mocked(fetchAuthSession).mockRejectedValueOnce(new Error('Network error'));
    await renderAccount();
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch user data. Please log in again.');
    expect(screen.queryByText('Could not load your profile. It might be incomplete.')).toBeNull();
    expect(api.callsTo('GET', '/profile')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it("says 'Failed to fetch user data. Please log in again.', not 'Unauthorized', when the server refuses the user's token", async () => {
    api.on('GET', '/profile', reply({ error: 'Unauthorized' }, 401));
    await renderAccount();
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch user data. Please log in again.');
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });

  it('shows the notice a finished bank or PIN change brought along', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[{ pathname: '/my-account', state: { notice: 'Bank details saved successfully!' } }]}>
        <Routes>
          <Route path="/my-account" element={<MyAccountPage />} />
        </Routes>
      </MemoryRouter>,
      { auth: signedIn },
    );
    expect(await screen.findByText('Bank details saved successfully!')).toBeTruthy();
  });
});

describe('my account: trusted devices', () => {
  it('lists the devices with the count, icons, the current-device badge, last use, registration and the short id', async () => {
    await renderAccount('/my-account?tab=devices');
    expect(screen.getByRole('heading', { name: '2 Trusted Devices' })).toBeTruthy();
    expect(
      screen.getByText("These are the devices that have been verified for your account. Remove any devices you don't recognize."),
    ).toBeTruthy();

    const mac = within(screen.getByRole('listitem', { name: 'Mac' }));
    expect(mac.getByRole('img', { name: 'Computer' })).toBeTruthy();
    expect(mac.getByText('Current Device')).toBeTruthy();
    expect(mac.getByText('Last used: Just now')).toBeTruthy();
    expect(mac.getByText('Registered: October 1, 2025')).toBeTruthy();

    const phone = within(screen.getByRole('listitem', { name: 'iPhone' }));
    expect(phone.getByRole('img', { name: 'Phone' })).toBeTruthy();
    expect(phone.queryByText('Current Device')).toBeNull();
    expect(phone.getByText('Last used: 3 hours ago')).toBeTruthy();
    expect(phone.getByText('fingerprint-of-t...')).toBeTruthy();
    expect(screen.getByText(/Security Tip/)).toBeTruthy();
  });

  it("disables Remove for the current device, with the tooltip 'Cannot remove current device'", async () => {
    await renderAccount('/my-account?tab=devices');
    const remove = within(screen.getByRole('listitem', { name: 'Mac' })).getByRole('button', { name: 'Remove' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(remove.getAttribute('title')).toBe('Cannot remove current device');
    const other = within(screen.getByRole('listitem', { name: 'iPhone' })).getByRole('button', { name: 'Remove' });
    expect((other as HTMLButtonElement).disabled).toBe(false);
  });

  it('removes another device, naming the current one to the server, and updates the count', async () => {
    api.on('DELETE', '/devices/fingerprint-of-the-phone-0123', reply({ message: 'Device removed.' }));
    await renderAccount('/my-account?tab=devices');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('listitem', { name: 'iPhone' })).getByRole('button', { name: 'Remove' }));
    });
    const [call] = api.callsTo('DELETE', '/devices/fingerprint-of-the-phone-0123');
    expect(call?.headers['x-device-id']).toBe('device-1');
    expect(screen.queryByRole('listitem', { name: 'iPhone' })).toBeNull();
    expect(screen.getByRole('heading', { name: '1 Trusted Device' })).toBeTruthy();
  });

  it("says 'Failed to remove device. Please try again.' when the removal fails, and keeps the device", async () => {
    api.on('DELETE', '/devices/fingerprint-of-the-phone-0123', reply({ error: 'nope' }, 500));
    await renderAccount('/my-account?tab=devices');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('listitem', { name: 'iPhone' })).getByRole('button', { name: 'Remove' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to remove device. Please try again.');
    expect(screen.getByRole('listitem', { name: 'iPhone' })).toBeTruthy();
  });

  it('shows the empty state when no device is registered', async () => {
    api.on('GET', '/devices', reply({ devices: [] }));
    await renderAccount('/my-account?tab=devices');
    expect(screen.getByRole('heading', { name: '0 Trusted Devices' })).toBeTruthy();
    expect(screen.getByText('No devices registered yet')).toBeTruthy();
    expect(screen.getByText('Devices will appear here after you log in')).toBeTruthy();
  });

  it("says 'Failed to load your devices.' when the list cannot be loaded", async () => {
    api.on('GET', '/devices', reply({ error: 'boom' }, 500));
    await renderAccount('/my-account?tab=devices');
    expect(screen.getByRole('alert').textContent).toBe('Failed to load your devices.');
  });

  it('opens from the Trusted Devices tab', async () => {
    await renderAccount();
    expect(api.callsTo('GET', '/devices')).toHaveLength(0);
    await openTab('Trusted Devices');
    expect(screen.getByRole('tab', { name: 'Trusted Devices' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: '2 Trusted Devices' })).toBeTruthy();
  });

  it.each([
    ['iPhone', 'phone'],
    ['Android Device', 'phone'],
    ['Mobile Phone', 'phone'],
    ['iPad', 'tablet'],
    ['Galaxy Tablet', 'tablet'],
    ['Windows PC', 'computer'],
    ['Unknown Device', 'computer'],
  ])('draws %s as a %s', (name, kind) => {
    expect(deviceKind(name)).toBe(kind);
  });
});

describe('my account: notifications', () => {
  it('opens the notifications tab from ?tab=notifications and marks one read there', async () => {
    await renderAccount('/my-account?tab=notifications');
    expect(screen.getByRole('tab', { name: 'Notifications' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Payment received')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Notifications (1 unread)' })).toBeTruthy();
    await click('Mark as read');
    expect(api.callsTo('POST', '/notifications/n1/read')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Notifications (0 unread)' })).toBeTruthy();
  });

  it("opens the contract a notification is about with 'Open contract', marking it read on the way", async () => {
    api.on('GET', '/notifications', reply({ notifications: [{ ...notification, contract_id: 'c-42' }], unread_count: 1 }));
    await renderAccount('/my-account?tab=notifications');
    const open = screen.getByRole('link', { name: 'Open contract' });
    expect(open.getAttribute('href')).toBe('/contracts/c-42');
    await act(async () => {
      fireEvent.click(open);
    });
    expect(api.callsTo('POST', '/notifications/n1/read')).toHaveLength(1);
    expect(screen.getByText('Arrived at the contract')).toBeTruthy();
  });

  it('has no contract link on a notification about no contract', async () => {
    await renderAccount('/my-account?tab=notifications');
    expect(screen.queryByRole('link', { name: 'Open contract' })).toBeNull();
  });
});

describe('my account: email preferences', () => {
  const checkbox = () =>
    screen.getByRole('checkbox', { name: 'Email me when a contract is accepted or rejected' }) as HTMLInputElement;
  const section = () => within(screen.getByRole('region', { name: 'Email Preferences' }));

  it('shows the emails as on, and says which emails always go', async () => {
    await renderAccount();
    expect(checkbox().checked).toBe(true);
    expect(
      section().getByText(
        'Emails about money and about what you need to do (payments, deliveries, disputes, releases, refunds) always go.',
      ),
    ).toBeTruthy();
  });

  it('shows them as on when the profile has never chosen, and off when it turned them off', async () => {
    const { email_updates: _, ...unchosen } = profile;
    api.on('GET', '/profile', reply({ ...account, profile: unchosen }));
    await renderAccount();
    expect(checkbox().checked).toBe(true);
    cleanup();
    api.on('GET', '/profile', reply({ ...account, profile: { ...profile, email_updates: false } }));
    await renderAccount();
    expect(checkbox().checked).toBe(false);
  });

  it("sends the change and shows the server's answer", async () => {
    api.on('POST', '/email-preferences', reply({ message: 'Email updates are off.' }));
    await renderAccount();
    fireEvent.click(checkbox());
    await click('Save');
    expect(api.callsTo('POST', '/email-preferences').map((call) => call.body)).toEqual([{ email_updates: false }]);
    expect(section().getByRole('status').textContent).toBe('Email updates are off.');
    expect(checkbox().checked).toBe(false);
  });

  it("shows the server's refusal and keeps the choice", async () => {
    api.on('POST', '/email-preferences', reply({ error: 'Too many requests. Please try again later.' }, 429));
    await renderAccount();
    fireEvent.click(checkbox());
    await click('Save');
    expect(section().getByRole('alert').textContent).toBe('Too many requests. Please try again later.');
    expect(checkbox().checked).toBe(false);
  });

  it('is not offered without a profile row (there is nothing to save it on)', async () => {
    api.on('GET', '/profile', reply({ ...account, profile: null }));
    await renderAccount();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
