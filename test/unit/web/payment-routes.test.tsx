// @vitest-environment happy-dom

import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { getNotifications } from '../../../web/src/features/notifications/api';
import { getProfile } from '../../../web/src/features/profile/api';
import type { AuthState } from '../../../web/src/lib/auth';
import { renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/profile/api', () => ({ getProfile: vi.fn() }));
vi.mock('../../../web/src/features/notifications/api', () => ({ getNotifications: vi.fn(), markNotificationRead: vi.fn() }));
vi.mock('../../../web/src/features/payments/api', () => ({
  getCheckoutContract: vi.fn(),
  generateTransferAccount: vi.fn(),
  initiateOpayPayment: vi.fn(),
  startCardPayment: vi.fn(),
  getPaymentStatus: vi.fn(),
}));

const contractId = '01JCONTRACT000000000000000';

function renderApp(path: string, auth: AuthState = { status: 'signedOut' }) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
    { auth },
  );
}

beforeEach(() => {
  vi.mocked(getProfile).mockReset().mockResolvedValue({ id: 'u1', email: 'ada@example.com', created_at: '', profile: null });
  vi.mocked(getNotifications).mockReset().mockResolvedValue({ notifications: [], unread_count: 0 });
});

afterEach(cleanup);

describe('payment routes', () => {
  it.each([
    `/custom-checkout/${contractId}`,
    `/payment-verification?tx_ref=MM-1&contractId=${contractId}`,
    `/payment-success/${contractId}?tx_ref=MM-1`,
    `/payment-cancelled/${contractId}`,
    `/payment-failed/${contractId}`,
  ])('sends a visitor from %s to the login form', async (path) => {
    renderApp(path);
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });

  it('opens the failed page at /payment-failed/{id} for a signed-in user', async () => {
    renderApp(`/payment-failed/${contractId}`, signedIn);
    expect(await screen.findByText('Your payment was not completed. The contract has not been funded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe(`/custom-checkout/${contractId}`);
  });

  it('opens the verification page at /payment-verification for a signed-in user', async () => {
    renderApp('/payment-verification', signedIn);
    expect(await screen.findByText('Transaction reference or Contract ID is missing.')).toBeTruthy();
  });
});
