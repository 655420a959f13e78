// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import { type ContractAnalytics, type PayoutView, payoutMessages } from '@escrow/api/payouts';
import { conversionMessages } from '@escrow/domain/conversion';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payoutPageMessages } from '../../../web/src/features/payouts/messages';
import { aContractView } from '../../support/contract-view';
import { fakeApi, reply } from './fake-api';
import { click } from './providers';
import { sellerPayoutPages } from './seller-payout-pages';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

/**
 * A dollar payout whose rate fell more than 1% below the one the seller confirmed before its
 * transfer was made waits for them: the contract page shows the rate that moved, the new naira
 * and a PIN box, and confirms the rate shown (`confirm-payout-rate`). A payout not waiting shows none.
 */

const contractId = '01JCONTRACT000000000000000';
const analyticsPath = `/contracts/${contractId}/analytics`;

const contract: ContractView = aContractView({
  id: contractId,
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  currency: 'USD',
  value_minor: 50_000,
  status: 'releasing',
  amount_paid_minor: 50_000,
  payer_user_ids: ['buyer-1'],
  marked_as_cc: 'buyer-1',
  accepted_by: ['buyer-1'],
});

// $490.00 confirmed at ₦1,500 per $1; the provider's rate is ₦1,400 now: ₦686,000.00.
const waiting: PayoutView = {
  status: 'failed',
  released_minor: 50_000,
  fee_minor: 1_000,
  payout_minor: 49_000,
  reference: `payout-${contractId}`,
  provider_message: null,
  bank_code: '058',
  account_number: '0690000031',
  account_name: 'ADA LOVELACE',
  paid_at: null,
  waiting_for: 'rate',
  confirmed_rate: 1500,
  conversion: { currency: 'NGN', rate: 1400, amount_minor: 68_600_000 },
};
const analytics = (p: Partial<PayoutView> = {}): ContractAnalytics => ({ contract, payout: { ...waiting, ...p } });

const api = fakeApi();

const { analyticsPage, contractPage } = sellerPayoutPages(api, contract);

const pinBox = () => screen.getByLabelText('Payment PIN') as HTMLInputElement;
const typePin = (pin: string) => fireEvent.change(pinBox(), { target: { value: pin } });
const confirmations = () => api.callsTo('POST', '/confirm-payout-rate').map((call) => call.body);

beforeEach(() => {
  api.install();
  api
    .on('GET', analyticsPath, reply(analytics()))
    .on('POST', '/confirm-payout-rate', reply({ message: payoutMessages.rateConfirmed }));
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a dollar payout waiting for its seller to confirm a moved rate, on the contract page', () => {
  it('shows the rate that moved and the new naira before the PIN, and confirms the rate shown', async () => {
    await contractPage();
    expect(
      screen.getByText(
        'The exchange rate moved from ₦1,500.00 per $1 to ₦1,400.00 per $1 before your payout was sent, more than the 1% we honour. Check the new amount and confirm it with your PIN.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('$490.00 at ₦1,400.00 per $1 is ₦686,000.00, paid to your naira account.')).toBeTruthy();
    typePin('1234');
    await click('Confirm New Rate');
    expect(confirmations()).toEqual([{ contractId, pin: '1234', rate: 1400 }]);
    expect(screen.getByText(payoutMessages.rateConfirmed)).toBeTruthy();
    expect(screen.queryByLabelText('Payment PIN')).toBeNull();
  });

  it('tells a wrong PIN under the box, emptied for the next try', async () => {
    await contractPage();
    api.on('POST', '/confirm-payout-rate', reply({ error: 'Incorrect payment PIN.' }, 400));
    typePin('9999');
    await click('Confirm New Rate');
    expect(screen.getByText('Incorrect payment PIN.')).toBeTruthy();
    expect(pinBox().value).toBe('');
  });

  it('shows the newest figures when the rate moved again, and confirms those next', async () => {
    await contractPage();
    const movedAgain = conversionMessages.rateMoved('₦1,400.00 per $1', '₦1,380.00 per $1');
    api
      .on('POST', '/confirm-payout-rate', reply({ error: movedAgain, code: 'rate_moved' }, 409))
      .on('GET', analyticsPath, reply(analytics({ conversion: { currency: 'NGN', rate: 1380, amount_minor: 67_620_000 } })));
    typePin('1234');
    await click('Confirm New Rate');
    expect(screen.getByText('$490.00 at ₦1,380.00 per $1 is ₦676,200.00, paid to your naira account.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(movedAgain);

    api.on('POST', '/confirm-payout-rate', reply({ message: payoutMessages.rateConfirmed }));
    typePin('1234');
    await click('Confirm New Rate');
    expect(confirmations()).toEqual([
      { contractId, pin: '1234', rate: 1400 },
      { contractId, pin: '1234', rate: 1380 },
    ]);
  });

  it('shows nothing to confirm while the payout does not wait for the seller', async () => {
    api.on('GET', analyticsPath, reply(analytics({ status: 'transferring', waiting_for: undefined })));
    await contractPage();
    expect(api.callsTo('GET', analyticsPath)).toHaveLength(1);
    expect(screen.queryByText('Confirm the new exchange rate')).toBeNull();
    expect(screen.queryByLabelText('Payment PIN')).toBeNull();
  });
});

describe('a dollar payout waiting for its seller to confirm a moved rate, on the payout (analytics) page', () => {
  it('says the payout waits for the seller, not that it failed, and confirms the new rate there too', async () => {
    await analyticsPage();
    expect(screen.getByText(payoutPageMessages.waitingForRate)).toBeTruthy();
    expect(screen.queryByText('Failed')).toBeNull();
    typePin('1234');
    await click('Confirm New Rate');
    expect(confirmations()).toEqual([{ contractId, pin: '1234', rate: 1400 }]);
    expect(screen.getByText(payoutMessages.rateConfirmed)).toBeTruthy();
  });
});
