import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversionMessages } from '../../lambdas/core/domain/conversion';
import { roundedMinorFromProvider } from '../../lambdas/core/domain/money';
import { getPayout } from '../../lambdas/core/entities/payout';
import type { SandboxApiCall } from '../../lib/local/flutterwave/calls';
import { type CurrencyDeals, startCurrencyDeals } from '../support/currency-deals';
import { eventually } from '../support/eventually';
import { expectBalancedLedgers, ledgerSummaryOf } from '../support/ledger';
import { executionsOf } from '../support/workflow';

/**
 * A dollar contract while the provider's rates endpoint is down (the sandbox's `ratesDown` fault:
 * `GET /v3/transfers/rates` answers 503, every other call goes on), at ₦1,500 per $1 otherwise.
 * Nothing can be converted or confirmed: the seller's view says the conversion cannot be read (no
 * 5xx), a release is refused with nothing changed, and a transfer step that meets the fault retries
 * by itself and pays exactly once when the rates are back.
 */
const pin = '5183';
let deals: CurrencyDeals;

beforeAll(async () => {
  // PreparePayout's retries shortened too: the last test holds it (throttled) until the fault is on.
  deals = await startCurrencyDeals('rates-down', pin, { workflowRetryIntervals: { Transfer: 100, PreparePayout: 100 } });
}, 120_000);

afterEach(async () => {
  deals.cloud.flutterwave.faults.ratesDown = false;
  deals.cloud.throttleFunction('task:PreparePayout', false);
  await expectBalancedLedgers(deals.touched);
});

afterAll(async () => {
  await deals?.stop();
});

/** The rates calls the sandbox refused so far (503), from its log of the calls made with the secret key. */
async function refusedRateCalls(): Promise<number> {
  const { calls } = (await (await fetch(`${deals.cloud.flutterwave.url}/__calls`)).json()) as { calls: SandboxApiCall[] };
  return calls.filter((c) => c.path === '/v3/transfers/rates' && c.status === 503).length;
}

describe('the rates endpoint down', () => {
  it("shows the seller a dollar payout with its conversion unavailable, answering 200, not the provider's 503", async () => {
    const id = await deals.satisfied('400', 'USD');
    deals.cloud.flutterwave.faults.ratesDown = true;
    const before = await refusedRateCalls();
    const view = await deals.call(deals.seller, `/contracts/${id}/analytics`);
    expect(view.status).toBe(200);
    expect((view.body as { payout: unknown }).payout).toMatchObject({ payout_minor: 39_200, conversion: null });
    // It was the rates call that failed, not something else that left the conversion out.
    expect(await refusedRateCalls()).toBeGreaterThan(before);

    deals.cloud.flutterwave.faults.ratesDown = false;
    expect((await deals.analytics(id)).payout.conversion).toEqual({ currency: 'NGN', rate: 1500, amount_minor: 58_800_000 });
  });

  it('refuses a release at the rate shown with 503 and the words to try again, changing nothing', async () => {
    const id = await deals.satisfied('300', 'USD');
    expect((await deals.analytics(id)).payout.conversion?.rate).toBe(1500);
    deals.cloud.flutterwave.faults.ratesDown = true;

    expect(await deals.release(id, 1500)).toEqual({ status: 503, body: { error: conversionMessages.rateUnavailable } });
    expect((await deals.contract(id)).status).toBe('payer_marked_satisfied');
    expect(await getPayout(id)).toBeUndefined();
    expect(deals.transfersOf(id)).toEqual([]);

    // Back up, the same release goes through.
    deals.cloud.flutterwave.faults.ratesDown = false;
    expect((await deals.release(id, 1500)).status).toBe(200);
    await deals.settledAs(id, 'completed');
    expect(deals.transfersOf(id)).toHaveLength(1);
  });

  it('retries the transfer step of a release asked before the fault, and pays once it is back: one transfer, the dollar wallet debited the payout once', async () => {
    const id = await deals.satisfied('250', 'USD');
    const { cloud } = deals;
    const walletBefore = cloud.flutterwave.balanceMinor('USD');
    // The payout's steps are held (throttled, retried by Step Functions) while the release is asked at
    // the rate shown, so the transfer step runs only once the rates are down.
    cloud.throttleFunction('task:PreparePayout', true);
    expect((await deals.release(id, 1500)).status).toBe(200);
    await eventually(
      () => executionsOf(cloud).events(id),
      (events) => events.some((e) => e.taskFailedEventDetails?.error === 'Lambda.TooManyRequestsException'),
    );
    const refusedBefore = await refusedRateCalls();
    cloud.flutterwave.faults.ratesDown = true;
    cloud.throttleFunction('task:PreparePayout', false);

    await eventually(refusedRateCalls, (refused) => refused >= refusedBefore + 2, 30_000);
    // It met the fault more than once (a retry), and nothing was sent meanwhile.
    expect(deals.transfersOf(id)).toEqual([]);
    expect(await getPayout(id)).toMatchObject({ status: 'transferring', conversion: null, transfer_id: null });

    cloud.flutterwave.faults.ratesDown = false;
    await deals.settledAs(id, 'completed');
    // $245.00 at ₦1,500.00: ₦367,500.00 sent once, the dollar wallet debited exactly the payout (and the transfer's fee).
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      payout_minor: 24_500,
      conversion: { currency: 'NGN', rate: 1500, amount_minor: 36_750_000 },
    });
    const [transfer, ...more] = deals.transfersOf(id);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      status: 'SUCCESSFUL',
      currency: 'NGN',
      debitCurrency: 'USD',
      amountMinor: 36_750_000,
      debitAmountMinor: 24_500,
    });
    const feeMinor = roundedMinorFromProvider(transfer?.fee ?? Number.NaN);
    expect(walletBefore - cloud.flutterwave.balanceMinor('USD')).toBe(24_500 + feeMinor);
    expect(await ledgerSummaryOf(id)).toMatchObject({ fees_minor: 500, paid_out_minor: 24_500, held_minor: 0 });
  }, 90_000);
});
