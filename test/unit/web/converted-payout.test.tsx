// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { ContractAnalytics, PayoutView } from '@escrow/api/payouts';
import { conversionMessages } from '@escrow/domain/conversion';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aContractView } from '../../support/contract-view';
import { fakeApi, reply } from './fake-api';
import { click } from './providers';
import { sellerPayoutPages } from './seller-payout-pages';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

/**
 * A dollar contract's payout reaches the seller's naira account converted at the provider's rate:
 * the seller sees the dollars and the naira with the rate before the PIN, and the release confirms
 * the rate shown; a rate that moved beyond the tolerance shows the new figures to confirm again.
 */

const contractId = '01JCONTRACT000000000000000';
const analyticsPath = `/contracts/${contractId}/analytics`;

// u1 (the signed-in user) sold $500 of logo design; the buyer is satisfied.
const contract: ContractView = aContractView({
  id: contractId,
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  currency: 'USD',
  value_minor: 50_000,
  status: 'payer_marked_satisfied',
  amount_paid_minor: 50_000,
  payer_user_ids: ['buyer-1'],
  marked_as_cc: 'buyer-1',
  accepted_by: ['buyer-1'],
});

// The server's plan: $500 less 2% is $490, at ₦1,500 per $1 ₦735,000.
const payout: PayoutView = {
  status: 'not_requested',
  released_minor: 50_000,
  fee_minor: 1_000,
  payout_minor: 49_000,
  reference: null,
  provider_message: null,
  bank_code: '058',
  account_number: '0690000031',
  account_name: 'ADA LOVELACE',
  paid_at: null,
  conversion: { currency: 'NGN', rate: 1500, amount_minor: 73_500_000 },
};

const analytics = (c: Partial<ContractView> = {}, p: Partial<PayoutView> = {}): ContractAnalytics => ({
  contract: { ...contract, ...c },
  payout: { ...payout, ...p },
});

const releaseMessage = 'Release requested. Your payout is on its way to your bank account.';
const released = reply({ message: releaseMessage, contract: { ...contract, status: 'releasing' } });
const rateMoved = conversionMessages.rateMoved('₦1,500.00 per $1', '₦1,470.00 per $1');

const api = fakeApi();

const { analyticsPage, pages } = sellerPayoutPages(api, contract);

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const pinBox = () => screen.getByLabelText('Payment PIN') as HTMLInputElement;
const typePin = (pin: string) => fireEvent.change(pinBox(), { target: { value: pin } });
const releases = () => api.callsTo('POST', '/release-funds').map((call) => call.body);
const figureReads = () => api.callsTo('GET', analyticsPath).length;
const comesBefore = (first: Node, second: Node) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

beforeEach(() => {
  api.install();
  api.on('GET', analyticsPath, reply(analytics())).on('POST', '/release-funds', released);
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(pages)("a dollar contract's release on the %s", (_, renderPage) => {
  it('shows the payout in naira with the rate, and that a fall beyond 1% shows new figures, before the PIN', async () => {
    await renderPage();
    const converted = screen.getByText('$490.00 at ₦1,500.00 per $1 is ₦735,000.00, paid to your naira account.');
    const notice = screen.getByText(
      /^This is the provider's exchange rate now.*falls by more than 1% before you release, you are shown the new figures/,
    );
    expect(comesBefore(converted, pinBox())).toBe(true);
    expect(comesBefore(notice, pinBox())).toBe(true);
  });

  it('releases at the rate shown', async () => {
    await renderPage();
    typePin('1234');
    await click('Release Funds');
    expect(releases()).toEqual([{ contractId, pin: '1234', rate: 1500 }]);
    expect(screen.getByRole('status').textContent).toBe(releaseMessage);
  });

  it("shows the new figures, an empty PIN box and the server's words when the rate moved beyond 1%, then releases at the new rate", async () => {
    await renderPage();
    api
      .on('POST', '/release-funds', reply({ error: rateMoved, code: 'rate_moved' }, 409))
      .on('GET', analyticsPath, reply(analytics({}, { conversion: { currency: 'NGN', rate: 1470, amount_minor: 72_030_000 } })));
    typePin('1234');
    await click('Release Funds');
    expect(figureReads()).toBe(2);
    expect(screen.getByText('$490.00 at ₦1,470.00 per $1 is ₦720,300.00, paid to your naira account.')).toBeTruthy();
    expect(screen.queryByText(/₦735,000\.00/)).toBeNull();
    expect(pinBox().value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(rateMoved);

    api.on('POST', '/release-funds', released);
    typePin('1234');
    await click('Release Funds');
    expect(releases()).toEqual([
      { contractId, pin: '1234', rate: 1500 },
      { contractId, pin: '1234', rate: 1470 },
    ]);
    expect(screen.getByRole('status').textContent).toBe(releaseMessage);
  });

  it('reads the figures again for a release refused as having no rate confirmed (its code, rate_required)', async () => {
    await renderPage();
    api.on('POST', '/release-funds', reply({ error: conversionMessages.rateRequired('USD'), code: 'rate_required' }, 409));
    typePin('1234');
    await click('Release Funds');
    expect(figureReads()).toBe(2);
    expect(pinBox().value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(conversionMessages.rateRequired('USD'));
  });

  it("knows a moved rate by the refusal's code, not its words: the same words without the code are any other refusal", async () => {
    await renderPage();
    api.on('POST', '/release-funds', reply({ error: rateMoved }, 409));
    typePin('1234');
    await click('Release Funds');
    expect(screen.getByRole('alert').textContent).toBe(rateMoved);
    expect(figureReads()).toBe(1);
    expect(pinBox().value).toBe('1234');
  });

  it('tells other refusals as before, keeping the figures and the PIN', async () => {
    await renderPage();
    api.on(
      'POST',
      '/release-funds',
      reply({ error: 'This contract is currently disputed: the release waits for the dispute.' }, 409),
    );
    typePin('1234');
    await click('Release Funds');
    expect(screen.getByRole('alert').textContent).toBe('This contract is currently disputed: the release waits for the dispute.');
    expect(figureReads()).toBe(1);
    expect(pinBox().value).toBe('1234');
  });

  it('offers no release while the rate cannot be read, and Try again reads the figures again', async () => {
    api.on('GET', analyticsPath, reply(analytics({}, { conversion: null })));
    await renderPage();
    expect(screen.getByText(conversionMessages.rateUnavailable)).toBeTruthy();
    expect(conversionMessages.rateUnavailable).toBe('The exchange rate cannot be read right now. Try again in a minute.');
    expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
    expect(screen.queryByLabelText('Payment PIN')).toBeNull();

    await click('Try again');
    expect(figureReads()).toBe(2);
    expect(screen.getByText(conversionMessages.rateUnavailable)).toBeTruthy();

    api.on('GET', analyticsPath, reply(analytics()));
    await click('Try again');
    expect(figureReads()).toBe(3);
    expect(screen.queryByText(conversionMessages.rateUnavailable)).toBeNull();
    expect(screen.getByText('$490.00 at ₦1,500.00 per $1 is ₦735,000.00, paid to your naira account.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release Funds' })).toBeTruthy();
  });
});

describe("a dollar contract's payout on the analytics page", () => {
  it('shows the figures in dollars and the naira at the rate now before the release', async () => {
    await analyticsPage();
    expect(detail('Amount paid')).toBe('$500.00');
    expect(detail('Platform fee (2%)')).toBe('$10.00');
    expect(detail('Your payout')).toBe('$490.00');
    expect(detail('To your naira account')).toBe('₦735,000.00 at ₦1,500.00 per $1');
  });

  it('shows the naira and the rate it was paid at once paid', async () => {
    api.on(
      'GET',
      analyticsPath,
      reply(
        analytics(
          { status: 'completed' },
          {
            status: 'paid',
            reference: `payout-${contractId}`,
            paid_at: '2025-10-05T10:00:00.000Z',
            conversion: { currency: 'NGN', rate: 1496.25, amount_minor: 73_316_250 },
          },
        ),
      ),
    );
    await analyticsPage();
    expect(detail('Your payout')).toBe('$490.00');
    expect(detail('Paid to your naira account')).toBe('₦733,162.50 at ₦1,496.25 per $1');
    expect(screen.queryByText('To your naira account')).toBeNull();
  });
});
