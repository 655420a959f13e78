import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { DisputeActionResponse } from '../../lambdas/core/api/disputes';
import { conversionMessages } from '../../lambdas/core/domain/conversion';
import type { Currency } from '../../lambdas/core/domain/money';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { getPayout } from '../../lambdas/core/entities/payout';
import type { LocalCloud } from '../../lib/local/index';
import { type CurrencyDeals, startCurrencyDeals } from '../support/currency-deals';
import { eventually } from '../support/eventually';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerSummaryOf } from '../support/ledger';
import { providerRefundsOf } from '../support/sandbox-payer';

/**
 * Contracts in dollars, euros and pounds against the local cloud and the provider's sandbox, whose
 * fixed rates are ₦1,500 per $1, ₦1,620 per €1 and ₦1,900 per £1: paid by card in the contract's
 * currency, held and charged the 2% fee in it, paid to the seller's naira account converted at the
 * provider's rate (the one shown and confirmed at the release, within 1%), the buyer's part of a
 * settlement refunded to the card in the currency it was charged in. Every ledger sums to zero in
 * its currency, and the reconciliation agrees with the provider's wallet in each.
 */
const pin = '3719';
let deals: CurrencyDeals;
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;

beforeAll(async () => {
  deals = await startCurrencyDeals('currencies', pin);
  ({ cloud, seller, buyer } = deals);
}, 120_000);

afterEach(async () => {
  cloud.flutterwave.setNairaRate('USD', null);
  Object.assign(cloud.flutterwave.faults, { transferFailures: 0, holdTransfers: false });
  await expectBalancedLedgers(deals.touched);
});

afterAll(async () => {
  await deals?.stop();
});

const call: CurrencyDeals['call'] = (...args) => deals.call(...args);
const contract = (id: string) => deals.contract(id);
const analytics = (id: string) => deals.analytics(id);
const release = (id: string, rate?: number) => deals.release(id, rate);
const transfersOf = (id: string) => deals.transfersOf(id);
const settledAs = (id: string, status: ContractView['status']) => deals.settledAs(id, status);
const paidByCard = (value: string, currency: Currency) => deals.paidByCard(value, currency);
const satisfied = async (value: string, currency: Currency) => ({ id: await deals.satisfied(value, currency) });

describe('a dollar contract released to a naira account', () => {
  it("shows the seller the naira at the provider's rate, and pays exactly that payout out of the dollar wallet", async () => {
    const { id } = await satisfied('1000', 'USD');
    const shown = await analytics(id);
    expect(shown.payout).toMatchObject({
      released_minor: 100_000,
      fee_minor: 2_000,
      payout_minor: 98_000,
      conversion: { currency: 'NGN', rate: 1500, amount_minor: 147_000_000 },
    });

    // The page acts on the code, not on the words: it reads the figures again for the seller to confirm.
    expect(await release(id)).toEqual({
      status: 409,
      body: { error: conversionMessages.rateRequired('USD'), code: 'rate_required' },
    });
    expect(await getPayout(id)).toBeUndefined();

    const released = await release(id, 1500);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    await settledAs(id, 'completed');
    const payout = await getPayout(id);
    expect(payout).toMatchObject({
      status: 'paid',
      currency: 'USD',
      payout_minor: 98_000,
      confirmed_rate: 1500,
      conversion: { currency: 'NGN', rate: 1500, amount_minor: 147_000_000 },
    });
    // The provider sent ₦1,470,000.00 and debited the dollar wallet exactly the $980.00 payout.
    const [transfer, ...more] = transfersOf(id);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ currency: 'NGN', debitCurrency: 'USD', amountMinor: 147_000_000, debitAmountMinor: 98_000 });
    expect(await ledgerSummaryOf(id)).toMatchObject({ fees_minor: 2_000, paid_out_minor: 98_000, held_minor: 0 });
    // The seller reads what reached the bank, and at which rate.
    expect((await analytics(id)).payout.conversion).toEqual({ currency: 'NGN', rate: 1500, amount_minor: 147_000_000 });

    // A replayed release changes nothing: still one transfer.
    expect((await release(id, 1500)).status).toBe(200);
    expect(transfersOf(id)).toHaveLength(1);
  });

  it('refuses a release whose rate fell more than 1% since it was shown, and honours one that fell less, at the rate of the moment', async () => {
    const { id } = await satisfied('200', 'USD');
    expect((await analytics(id)).payout.conversion?.rate).toBe(1500);
    cloud.flutterwave.setNairaRate('USD', 1480);
    expect(await release(id, 1500)).toEqual({
      status: 409,
      body: { error: conversionMessages.rateMoved('₦1,500.00 per $1', '₦1,480.00 per $1'), code: 'rate_moved' },
    });
    expect((await contract(id)).status).toBe('payer_marked_satisfied');
    expect(await getPayout(id)).toBeUndefined();

    cloud.flutterwave.setNairaRate('USD', 1490);
    expect((await release(id, 1500)).status).toBe(200);
    await settledAs(id, 'completed');
    // $196.00 at ₦1,490.00: what the provider's rate said when the transfer was made.
    expect(await getPayout(id)).toMatchObject({
      confirmed_rate: 1500,
      conversion: { currency: 'NGN', rate: 1490, amount_minor: 29_204_000 },
    });
    expect(transfersOf(id)).toEqual([expect.objectContaining({ amountMinor: 29_204_000, debitAmountMinor: 19_600 })]);
  });
});

describe('a dollar payout whose transfer failed', () => {
  it('is not retried at the first naira once the rate moved: it waits for ops, whose resume converts it anew, waits for the seller to confirm the fallen rate, and sends it at that rate, the payout debited exactly', async () => {
    const { id } = await satisfied('300', 'USD');
    // The first transfer will fail, and is held (PENDING) while the rate moves: then it fails.
    cloud.flutterwave.faults.transferFailures = 1;
    cloud.flutterwave.faults.holdTransfers = true;
    expect((await release(id, 1500)).status).toBe(200);
    await eventually(
      async () => transfersOf(id),
      (ts) => ts.length === 1 && ts[0]?.status === 'PENDING',
      30_000,
    );
    cloud.flutterwave.setNairaRate('USD', 1400);
    cloud.flutterwave.faults.holdTransfers = false;
    await eventually(
      () => getPayout(id),
      (p) => p?.status === 'failed',
      30_000,
    );
    expect(transfersOf(id)).toHaveLength(1);
    // The seller saving the same account again resumes nothing: only a new account does; this one is ops'.
    expect((await call(seller, '/save-bank-info', { bank_code: '044', account_number: '0690000032', pin })).status).toBe(200);
    expect(await getPayout(id)).toMatchObject({ status: 'failed', reference: payoutReference(id) });
    expect(transfersOf(id)).toHaveLength(1);

    const { resumePayout } = await import('../../lambdas/core/services/payouts/failure');
    expect((await resumePayout(id)).resumed).toBe(true);
    // Converted anew at ₦1,400.00, over 1% below the ₦1,500.00 confirmed: nothing sent until the seller confirms it.
    await eventually(
      () => getPayout(id),
      (p) => p?.status === 'failed' && p.waiting_for === 'rate',
      30_000,
    );
    expect(transfersOf(id)).toHaveLength(1);
    expect((await call(seller, '/confirm-payout-rate', { contractId: id, pin, rate: 1400 })).status).toBe(200);
    await settledAs(id, 'completed');
    // $294.00 at ₦1,400.00 under a new reference; the failed first attempt was given back to the wallet.
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      reference: payoutReference(id, 2),
      conversion: { currency: 'NGN', rate: 1400, amount_minor: 41_160_000 },
    });
    expect(transfersOf(id).map((t) => [t.status, t.amountMinor, t.debitAmountMinor])).toEqual([
      ['FAILED', 44_100_000, 29_400],
      ['SUCCESSFUL', 41_160_000, 29_400],
    ]);
    expect(await ledgerSummaryOf(id)).toMatchObject({ fees_minor: 600, paid_out_minor: 29_400, held_minor: 0 });
  });
});

describe('a euro contract settled in a dispute', () => {
  it("refunds the buyer's part to the card in euros, and pays the seller's part less the fee in naira at the rate then", async () => {
    const { id, txRef } = await paidByCard('500', 'EUR');
    const opened = await call<DisputeActionResponse>(buyer, '/open-dispute', {
      contractId: id,
      reason: 'not_as_described',
      details: 'Two concepts, not three.',
    });
    expect(opened.status).toBe(200);
    const proposed = await call<DisputeActionResponse>(buyer, '/propose-settlement', { contractId: id, refund: '100' });
    const proposalId = proposed.body.dispute.proposals.at(-1)?.id;
    expect((await call(seller, '/accept-settlement', { contractId: id, proposalId })).status).toBe(200);
    await settledAs(id, 'partially_refunded');

    const refunds = providerRefundsOf(cloud, txRef);
    expect(refunds).toEqual([expect.objectContaining({ amountMinor: 10_000, currency: 'EUR' })]);
    // €400.00 released, €8.00 fee, €392.00 at ₦1,620.00 per €1.
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      released_minor: 40_000,
      fee_minor: 800,
      payout_minor: 39_200,
      conversion: { currency: 'NGN', rate: 1620, amount_minor: 63_504_000 },
    });
    expect(transfersOf(id)).toEqual([
      expect.objectContaining({ currency: 'NGN', debitCurrency: 'EUR', debitAmountMinor: 39_200 }),
    ]);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      refunded_minor: 10_000,
      fees_minor: 800,
      paid_out_minor: 39_200,
      held_minor: 0,
    });
  });
});

it('agrees with the provider in every currency once these escrows have settled (npm run reconcile)', async () => {
  const report = await expectReconciled();
  const currencies = report.balances.map((b) => b.currency);
  expect(currencies).toEqual(expect.arrayContaining(['NGN', 'USD', 'EUR']));
}, 60_000);
