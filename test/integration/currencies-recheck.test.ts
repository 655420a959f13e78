import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { payoutMessages } from '../../lambdas/core/api/payouts';
import { conversionMessages } from '../../lambdas/core/domain/conversion';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { getPayout } from '../../lambdas/core/entities/payout';
import type { LocalCloud } from '../../lib/local/index';
import { type CurrencyDeals, startCurrencyDeals } from '../support/currency-deals';
import { captureEmf } from '../support/emf';
import { eventually } from '../support/eventually';
import { type SignedInPerson, signedInPerson, waitForEmail } from '../support/identity';
import { expectBalancedLedgers, ledgerSummaryOf } from '../support/ledger';
import { executionsOf } from '../support/workflow';

/**
 * The 1% rate tolerance checked again when a dollar payout's conversion is fixed, not only at the
 * release: the seller confirmed ₦1,500 per $1, and the rate fell to ₦1,400 before the payout's
 * steps ran (they are held while it moves, as an outage of the provider would hold them), so nothing is sent: the payout waits for the seller (not
 * for ops), who is told and confirms the new figures with the PIN (`confirm-payout-rate`), and is
 * then paid the naira at ₦1,400, the dollar wallet debited exactly the payout. The sandbox's fixed
 * rate is ₦1,500 per $1.
 */
const pin = '3719';
let deals: CurrencyDeals;
let cloud: LocalCloud;
let seller: SignedInPerson;
let stranger: SignedInPerson;

beforeAll(async () => {
  deals = await startCurrencyDeals('recheck', pin, { workflowRetryIntervals: { Transfer: 100, PreparePayout: 100 } });
  ({ cloud, seller } = deals);
  stranger = await signedInPerson(cloud, 'stranger');
}, 120_000);

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  cloud.flutterwave.setNairaRate('USD', null);
  cloud.throttleFunction('task:PreparePayout', false);
  Object.assign(cloud.flutterwave.faults, { providerDown: false, transferFailures: 0, holdTransfers: false });
  await expectBalancedLedgers(deals.touched);
});

afterAll(async () => {
  await deals?.stop();
});

const call: CurrencyDeals['call'] = (...args) => deals.call(...args);
const contract = (id: string) => deals.contract(id);
const analytics = (id: string) => deals.analytics(id);
const release = (id: string, rate: number) => deals.release(id, rate);
const transfersOf = (id: string) => deals.transfersOf(id);
const settledAs = (id: string, status: ContractView['status']) => deals.settledAs(id, status);
/** A $`value` contract paid by card and marked satisfied by the buyer: ready for its seller's release. */
const satisfiedInDollars = (value: string) => deals.satisfied(value, 'USD');
const confirm = (who: SignedInPerson, id: string, rate: number, withPin = pin) =>
  call(who, '/confirm-payout-rate', { contractId: id, pin: withPin, rate });
const waitingForOps = async () =>
  ((await cloud.runSchedule('money-sweep')) as { waitingForOps: { payouts: string[] } }).waitingForOps.payouts;

/**
 * Releases at ₦1,500 while the payout's first step is held (throttled, retried by Step Functions),
 * moves the rate to `rate`, then lets the payout go on: the Transfer step converts at `rate`,
 * whatever the machine's load (no race between the test and the workflow).
 */
async function releaseThenRateFallsTo(id: string, rate: number) {
  cloud.throttleFunction('task:PreparePayout', true);
  const released = await release(id, 1500);
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  await eventually(
    () => executionsOf(cloud).events(id),
    (events) => events.some((e) => e.taskFailedEventDetails?.error === 'Lambda.TooManyRequestsException'),
    30_000,
  );
  cloud.flutterwave.setNairaRate('USD', rate);
  cloud.throttleFunction('task:PreparePayout', false);
}

describe('a dollar payout whose rate fell more than 1% between the release and the transfer', () => {
  it('sends nothing and waits for the seller, who confirms the new figures with the PIN and is paid the naira at the new rate', async () => {
    const emf = captureEmf();
    const id = await satisfiedInDollars('300');
    await releaseThenRateFallsTo(id, 1400);

    const waiting = await eventually(
      () => getPayout(id),
      (p) => p?.status === 'failed',
      30_000,
    );
    // Nothing claimed, nothing converted, nothing sent.
    expect(waiting).toMatchObject({ waiting_for: 'rate', confirmed_rate: 1500, moved_rate: 1400, attempts: 0, conversion: null });
    expect(transfersOf(id)).toEqual([]);
    expect((await contract(id)).status).toBe('releasing');

    // The seller is told (in the app and by email) and asked to confirm; ops are neither alerted nor counted.
    const inbox = (await call(seller, '/notifications')).body as { notifications: Array<{ title: string; body: string }> };
    expect(inbox.notifications.find((n) => n.title === 'Confirm the new exchange rate')?.body).toContain(
      'The exchange rate moved from ₦1,500.00 per $1 to ₦1,400.00 per $1 before the transfer of $294.00',
    );
    const email = await waitForEmail(cloud, seller.user.email, /^Payout delayed for "Logo design/);
    expect(email.body.text).toContain('confirm it with your PIN');
    expect(emf.filter((r) => r.PayoutsFailed !== undefined)).toEqual([]);
    expect(await waitingForOps()).not.toContain(payoutReference(id));

    // The contract page shows the new figures to confirm.
    expect((await analytics(id)).payout).toMatchObject({
      status: 'failed',
      waiting_for: 'rate',
      confirmed_rate: 1500,
      conversion: { currency: 'NGN', rate: 1400, amount_minor: 41_160_000 },
    });

    // Only the creator; a wrong PIN is told in the form (400, never 401); the old rate is shown the new one.
    expect(await confirm(stranger, id, 1400)).toEqual({ status: 403, body: { error: payoutMessages.onlyCreatorReleases } });
    expect(await confirm(seller, id, 1400, '0000')).toEqual({ status: 400, body: { error: 'Incorrect payment PIN.' } });
    expect(await confirm(seller, id, 1500)).toEqual({
      status: 409,
      body: { error: conversionMessages.rateMoved('₦1,500.00 per $1', '₦1,400.00 per $1'), code: 'rate_moved' },
    });
    expect(await getPayout(id)).toMatchObject({ status: 'failed', waiting_for: 'rate', confirmed_rate: 1500 });
    expect(transfersOf(id)).toEqual([]);

    expect(await confirm(seller, id, 1400)).toEqual({ status: 200, body: { message: payoutMessages.rateConfirmed } });
    await settledAs(id, 'completed');
    // $294.00 at ₦1,400.00 is ₦411,600.00, out of the dollar wallet exactly the payout, under the first reference.
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      reference: payoutReference(id),
      confirmed_rate: 1400,
      waiting_for: null,
      conversion: { currency: 'NGN', rate: 1400, amount_minor: 41_160_000 },
    });
    expect(transfersOf(id).map((t) => [t.status, t.currency, t.amountMinor, t.debitCurrency, t.debitAmountMinor])).toEqual([
      ['SUCCESSFUL', 'NGN', 41_160_000, 'USD', 29_400],
    ]);
    expect(await ledgerSummaryOf(id)).toMatchObject({ fees_minor: 600, paid_out_minor: 29_400, held_minor: 0 });

    // The same confirmation again changes nothing.
    expect(await confirm(seller, id, 1400)).toEqual({ status: 200, body: { message: payoutMessages.rateConfirmed } });
    expect(transfersOf(id)).toHaveLength(1);
  });

  it('refuses a confirmation while the payout does not wait for one (409), changing nothing', async () => {
    const id = await satisfiedInDollars('100');
    expect(await confirm(seller, id, 1500)).toEqual({ status: 409, body: { error: payoutMessages.notWaitingForRate } });
    expect(await getPayout(id)).toBeUndefined();
    expect((await release(id, 1500)).status).toBe(200);
    await settledAs(id, 'completed');
    expect(await confirm(seller, id, 1490)).toEqual({ status: 409, body: { error: payoutMessages.notWaitingForRate } });
    expect(await getPayout(id)).toMatchObject({ status: 'paid', confirmed_rate: 1500 });
  });
});

describe('a dollar payout whose rate fell less than 1% between the release and the transfer', () => {
  it('is paid without waiting, at the rate when the transfer was made', async () => {
    const id = await satisfiedInDollars('200');
    await releaseThenRateFallsTo(id, 1490);
    await settledAs(id, 'completed');
    const payout = await getPayout(id);
    expect(payout?.waiting_for).toBeUndefined();
    // $196.00 at ₦1,490.00.
    expect(payout).toMatchObject({
      status: 'paid',
      confirmed_rate: 1500,
      conversion: { currency: 'NGN', rate: 1490, amount_minor: 29_204_000 },
    });
    expect(transfersOf(id)).toEqual([expect.objectContaining({ amountMinor: 29_204_000, debitAmountMinor: 19_600 })]);
  });
});
