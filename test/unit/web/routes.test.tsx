// @vitest-environment happy-dom

import type { ProfileResponse } from '@escrow/api/identity';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { getNotifications } from '../../../web/src/features/notifications/api';
import { getProfile } from '../../../web/src/features/profile/api';
import { listMyTemplates } from '../../../web/src/features/templates/api';
import type { AuthState } from '../../../web/src/lib/auth';
import { renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/profile/api', () => ({ getProfile: vi.fn() }));
vi.mock('../../../web/src/features/notifications/api', () => ({ getNotifications: vi.fn(), markNotificationRead: vi.fn() }));
vi.mock('../../../web/src/features/templates/api', () => ({ listMyTemplates: vi.fn() }));

const account: ProfileResponse = {
  id: 'u1',
  email: 'ada@example.com',
  created_at: '2025-10-01T10:00:00.000Z',
  profile: {
    full_name: 'Ada Lovelace',
    username: null,
    phone_number: '+2348012345678',
    security_ques: 'What was the name of your first pet?',
    has_security_answer: true,
    has_payment_pin: false,
    account_number: null,
    bank_code: null,
    account_name: null,
  },
};

function renderApp(path: string, state: AuthState = { status: 'signedOut' }) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
    { auth: state },
  );
}

beforeEach(() => {
  vi.mocked(getProfile).mockReset();
  vi.mocked(getProfile).mockResolvedValue(account);
  vi.mocked(getNotifications).mockReset().mockResolvedValue({ notifications: [], unread_count: 0 });
  vi.mocked(listMyTemplates).mockReset().mockResolvedValue([]);
});

afterEach(cleanup);

describe('routes', () => {
  it("shows a spinner while a page's code loads, never a blank page", async () => {
    renderApp('/how-it-works');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'How It Works' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows "Page Not Found" for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
  });

  it('offers help on every page: the floating button in a Help landmark, and the footer link a phone shows instead', async () => {
    renderApp('/no-such-page');
    await screen.findByText('Page Not Found');
    const help = within(screen.getByRole('complementary', { name: 'Help' })).getByRole('link', { name: 'Need Help?' });
    expect(help.getAttribute('href')).toBe('/need-help');
    expect(help.getAttribute('title')).toBe('Need Help?');
    const footerHelp = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Need Help?' });
    expect(footerHelp.getAttribute('href')).toBe('/need-help');
  });

  it('shows the public header on the landing page', async () => {
    renderApp('/', signedIn);
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/who-we-are');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('greets a signed-in user by full name on /dashboard, under the signed-in header', async () => {
    renderApp('/dashboard', signedIn);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Contracts' }).getAttribute('href')).toBe('/view-contracts');
  });

  it('greets by email when the profile has no name', async () => {
    vi.mocked(getProfile).mockResolvedValue({ ...account, profile: null });
    renderApp('/dashboard', signedIn);
    expect(await screen.findByRole('heading', { name: 'Welcome, ada@example.com' })).toBeTruthy();
  });

  it.each(['/login', '/signup'])('sends a signed-in user from %s to /dashboard', async (path) => {
    renderApp(path, signedIn);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it.each([
    '/create-contract',
    '/my-templates',
    '/view-contracts',
    '/escrow-payment/01JCONTRACT000000000000000',
    '/my-account',
    '/bank-info',
    '/reset-pin',
    '/contract-analytics/01JCONTRACT000000000000000',
  ])('sends a visitor from the protected %s to the login form', async (path) => {
    renderApp(path);
    // The first visit loads the lazy login page, which can take over a second on a busy machine.
    expect(await screen.findByLabelText('Password', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('opens a contracts page for a signed-in user', async () => {
    renderApp('/my-templates', signedIn);
    expect(await screen.findByRole('heading', { name: 'My Templates' })).toBeTruthy();
    expect(await screen.findByText('You have not created any templates yet.')).toBeTruthy();
  });

  it('shows the contract creation policy without a session (it opens in a new tab)', async () => {
    renderApp('/contract-creation-policy');
    expect(await screen.findByRole('heading', { name: 'Contract Creation Policy' })).toBeTruthy();
  });

  it('shows the login form to a visitor', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('sends a visitor from /register-device without login state back to the login form', async () => {
    renderApp('/register-device');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });
});
