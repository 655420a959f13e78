// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { ContractAnalytics, PayoutView } from '@escrow/api/payouts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractAnalyticsPage } from '../../../web/src/pages/contracts/contract-analytics-page';
import { aContractView } from '../../support/contract-view';
import { fakeApi, reply } from './fake-api';
import { click, renderSignedInAt } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

const contractId = '01JCONTRACT000000000000000';
const analyticsPath = `/contracts/${contractId}/analytics`;

const contract: ContractView = aContractView({
  id: contractId,
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  status: 'payer_marked_satisfied',
  amount_paid_minor: 1_000_000,
  payer_user_ids: ['buyer-1'],
  marked_as_cc: 'buyer-1',
  accepted_by: ['buyer-1'],
});

const payout: PayoutView = {
  // The server's plan before the release: all that was paid, less 2%.
  status: 'not_requested',
  released_minor: 1_000_000,
  fee_minor: 20_000,
  payout_minor: 980_000,
  reference: null,
  provider_message: null,
  bank_code: '058',
  account_number: '0690000031',
  account_name: 'ADA LOVELACE',
  paid_at: null,
};

const analytics = (c: Partial<ContractView> = {}, p: Partial<PayoutView> = {}): ContractAnalytics => ({
  contract: { ...contract, ...c },
  payout: { ...payout, ...p },
});

const released = { released_minor: 1_000_000, fee_minor: 20_000, payout_minor: 980_000, reference: `payout-${contractId}` };
const releaseMessage = 'Release requested. Your payout is on its way to your bank account.';

const api = fakeApi();

const renderAnalytics = () =>
  renderSignedInAt(
    `/contract-analytics/${contractId}`,
    <Route path="/contract-analytics/:contractId" element={<ContractAnalyticsPage />} />,
  );

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  api.install();
  api
    .on('GET', analyticsPath, reply(analytics()))
    .on('POST', '/release-funds', reply({ message: releaseMessage, contract: { ...contract, status: 'releasing' } }));
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('contract analytics', () => {
  it('shows the title, status, what was paid, the 2% fee, the payout and the destination bank', async () => {
    await renderAnalytics();
    expect(detail('Title')).toBe('Logo design');
    expect(screen.getByText('Buyer accepted the delivery')).toBeTruthy();
    expect(detail('Amount paid')).toBe('₦10,000.00');
    expect(detail('Platform fee (2%)')).toBe('₦200.00');
    expect(detail('Your payout')).toBe('₦9,800.00');
    expect(detail('Payout status')).toBe('Not requested');
    expect(detail('Destination bank')).toBe('Guaranty Trust Bank · ******0031 · ADA LOVELACE');
  });

  it("shows the server's figures, the payout reference and the provider's message once it has them", async () => {
    api.on(
      'GET',
      analyticsPath,
      reply(
        analytics(
          { status: 'releasing' },
          {
            ...released,
            fee_minor: 20_001,
            payout_minor: 979_999,
            status: 'failed',
            provider_message: 'Beneficiary bank unavailable',
          },
        ),
      ),
    );
    await renderAnalytics();
    expect(detail('Platform fee (2%)')).toBe('₦200.01');
    expect(detail('Your payout')).toBe('₦9,799.99');
    expect(detail('Payout status')).toBe('Failed');
    expect(detail('Payout reference')).toBe(`payout-${contractId}`);
    expect(detail('Provider message')).toBe('Beneficiary bank unavailable');
  });

  it("shows 'Access Denied: Only the contract creator can view these analytics.' to anyone else", async () => {
    api.on('GET', analyticsPath, reply({ error: 'Access Denied: Only the contract creator can view these analytics.' }, 400));
    await renderAnalytics();
    expect(screen.getByRole('alert').textContent).toBe('Access Denied: Only the contract creator can view these analytics.');
    expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
  });

  it('releases with the payment PIN, sending only the contract and the PIN, and shows the reply', async () => {
    await renderAnalytics();
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Release Funds');
    expect(api.callsTo('POST', '/release-funds').map((call) => call.body)).toEqual([{ contractId, pin: '1234' }]);
    expect(screen.getByRole('status').textContent).toBe(releaseMessage);
    expect(screen.getByText('Releasing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
  });

  it('marks a PIN that is not 4 digits under its box and focuses it, releasing nothing', async () => {
    await renderAnalytics();
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '12' } });
    await click('Release Funds');
    const pin = screen.getByLabelText('Payment PIN');
    expect(screen.getByText('Your payment PIN must be exactly 4 digits.')).toBeTruthy();
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(pin);
    expect(api.callsTo('POST', '/release-funds')).toHaveLength(0);
  });

  it('keeps digits only in the PIN box', async () => {
    await renderAnalytics();
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1a2b34' } });
    expect((screen.getByLabelText('Payment PIN') as HTMLInputElement).value).toBe('1234');
  });

  it('tells a wrong PIN under the PIN box, where it was typed, and keeps Release Funds', async () => {
    api.on('POST', '/release-funds', reply({ error: 'Incorrect payment PIN.' }, 400));
    await renderAnalytics();
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '9999' } });
    await click('Release Funds');
    const pin = screen.getByLabelText('Payment PIN');
    expect(document.getElementById(pin.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Incorrect payment PIN.');
    expect(document.activeElement).toBe(pin);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Release Funds' })).toBeTruthy();
  });

  it("shows the server's other refusals of a release as it says them", async () => {
    api.on(
      'POST',
      '/release-funds',
      reply({ error: 'This contract is currently disputed: the release waits for the dispute.' }, 409),
    );
    await renderAnalytics();
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Release Funds');
    expect(screen.getByRole('alert').textContent).toBe('This contract is currently disputed: the release waits for the dispute.');
    expect(screen.getByRole('button', { name: 'Release Funds' })).toBeTruthy();
  });

  it.each(['pending', 'active', 'in_escrow', 'fully_funded'] as const)(
    'offers no release while the contract is %s, saying why',
    async (status) => {
      api.on('GET', analyticsPath, reply(analytics({ status })));
      await renderAnalytics();
      expect(screen.getByRole('status').textContent).toBe(
        `Funds can only be released when the payer is satisfied. Current status: ${status}.`,
      );
      expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
    },
  );

  it('points to /bank-info, and back here once saved, instead of releasing when no bank details are on file', async () => {
    api.on('GET', analyticsPath, reply(analytics({}, { bank_code: null, account_number: null, account_name: null })));
    await renderAnalytics();
    expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
    expect(screen.getByText('Add your bank details before releasing funds.', { exact: false })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Add Bank Information' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(`/bank-info?returnTo=${encodeURIComponent(`/contract-analytics/${contractId}`)}`);
    }
  });

  it('checks again every 5 seconds while releasing, so completed appears by itself, then stops', async () => {
    vi.useFakeTimers();
    await renderAnalytics();
    api
      .on('GET', analyticsPath, reply(analytics({ status: 'releasing' }, { ...released, status: 'transferring' })))
      .on('POST', '/release-funds', reply({ message: releaseMessage, contract: { ...contract, status: 'releasing' } }));
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Release Funds');
    const checks = () => api.callsTo('GET', analyticsPath).length;
    expect(checks()).toBe(1);

    const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    await advance(4_999);
    expect(checks()).toBe(1);
    await advance(1);
    expect(checks()).toBe(2);
    expect(detail('Payout status')).toBe('Transferring');

    api.on(
      'GET',
      analyticsPath,
      reply(analytics({ status: 'completed' }, { ...released, status: 'paid', paid_at: '2025-10-05T10:00:00.000Z' })),
    );
    await advance(5_000);
    expect(checks()).toBe(3);
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(detail('Payout status')).toBe('Paid');
    expect(detail('Paid on')).toBe('October 5, 2025');

    await advance(20_000);
    expect(checks()).toBe(3);
  });
});
