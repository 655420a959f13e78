import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roundedMinorFromProvider } from '../../lambdas/core/domain/money';
import { getPayout } from '../../lambdas/core/entities/payout';
import { type CurrencyDeals, startCurrencyDeals } from '../support/currency-deals';
import { expectBalancedLedgers, ledgerOf, ledgerSummaryOf } from '../support/ledger';

/**
 * The dollar counterpart of payouts.test.ts's "50 concurrent release requests": one dollar
 * contract released by 50 requests at once, each at the rate shown (₦1,500 per $1), each checking
 * the rate with the provider. One payout, one transfer, the dollar wallet debited once.
 */
const pin = '6204';
let deals: CurrencyDeals;

beforeAll(async () => {
  deals = await startCurrencyDeals('concurrent-release', pin);
}, 120_000);

afterEach(async () => {
  await expectBalancedLedgers(deals.touched);
});

afterAll(async () => {
  await deals?.stop();
});

describe('a dollar contract released by 50 requests at once', () => {
  it('makes exactly one payout and one transfer, the dollar wallet debited the payout once', async () => {
    const id = await deals.satisfied('120', 'USD');
    expect((await deals.analytics(id)).payout.conversion?.rate).toBe(1500);
    const walletBefore = deals.cloud.flutterwave.balanceMinor('USD');

    const replies = await Promise.all(Array.from({ length: 50 }, () => deals.release(id, 1500)));
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) expect([200, 409, 429], JSON.stringify(reply.body)).toContain(reply.status);
    await deals.settledAs(id, 'completed');

    // $117.60 at ₦1,500.00: ₦176,400.00, sent once.
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      payout_minor: 11_760,
      confirmed_rate: 1500,
      conversion: { currency: 'NGN', rate: 1500, amount_minor: 17_640_000 },
    });
    const [transfer, ...more] = deals.transfersOf(id);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      status: 'SUCCESSFUL',
      debitCurrency: 'USD',
      amountMinor: 17_640_000,
      debitAmountMinor: 11_760,
    });
    expect((await ledgerOf(id)).filter((e) => e.kind === 'payout_completed')).toHaveLength(1);
    expect(await ledgerSummaryOf(id)).toMatchObject({ fees_minor: 240, paid_out_minor: 11_760, held_minor: 0 });
    expect(walletBefore - deals.cloud.flutterwave.balanceMinor('USD')).toBe(
      11_760 + roundedMinorFromProvider(transfer?.fee ?? Number.NaN),
    );
  }, 90_000);
});
