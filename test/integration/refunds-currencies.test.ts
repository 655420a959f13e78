import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { DisputeActionResponse } from '../../lambdas/core/api/disputes';
import type { RefundsResponse } from '../../lambdas/core/api/refunds';
import { bankName, maskAccountNumber } from '../../lambdas/core/domain/banks';
import { describeConversion } from '../../lambdas/core/domain/conversion';
import type { Currency } from '../../lambdas/core/domain/money';
import { roundedMinorFromProvider } from '../../lambdas/core/domain/money';
import { listRefundLegs, type RefundLeg } from '../../lambdas/core/entities/refund';
import { directToBank } from '../../lambdas/core/services/refunds/bank-transfer';
import { sendRefund } from '../../lambdas/core/services/refunds/send';
import type { LocalCloud } from '../../lib/local/index';
import { type CurrencyDeals, startCurrencyDeals } from '../support/currency-deals';
import { eventually } from '../support/eventually';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerSummaryOf } from '../support/ledger';
import { emailsTo } from '../support/mailbox';
import { providerRefundsOf } from '../support/sandbox-payer';
import { readyToBePaid } from '../support/seller';

/**
 * Refunds of dollar card payments the provider refuses to refund to the card outright: they go to
 * the buyer's naira bank account by transfer, converted as payouts are, at the sandbox's rate
 * (₦1,500 per $1 unless moved), the dollar wallet debited exactly the refund. Every ledger sums to
 * zero in its currency, and the reconciliation agrees with the provider's wallets in each.
 */
const sellerPin = '3719';
const buyerPin = '4826';
const buyerAccount = { bank_code: '044', account_number: '0690000033' };
let deals: CurrencyDeals;
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;

beforeAll(async () => {
  // Only the tests run the sweep.
  deals = await startCurrencyDeals('refunds-currencies', sellerPin, { schedules: { everyMs: 3_600_000 } });
  ({ cloud, seller, buyer } = deals);
  // The provider takes no refund of a card payment here: each is refused outright, nothing made.
  cloud.flutterwave.setNonRefundablePaymentTypes(['card']);
}, 120_000);

afterEach(async () => {
  cloud.flutterwave.setNairaRate('USD', null);
  Object.assign(cloud.flutterwave.faults, { providerDown: false, transferCreateRefusals: 0 });
  await expectBalancedLedgers(deals.touched);
});

afterAll(async () => {
  await deals?.stop();
});

const call: CurrencyDeals['call'] = (...args) => deals.call(...args);
const settledAs = (id: string, status: ContractView['status']) => deals.settledAs(id, status);
const paidByCard = (value: string, currency: Currency, payer = buyer) => deals.paidByCard(value, currency, payer);
const onlyLeg = async (id: string) => {
  const legs = await listRefundLegs(id);
  expect(legs).toHaveLength(1);
  return legs[0] as RefundLeg;
};
const transfersOf = (leg: RefundLeg) => cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(`${leg.reference}-`));
const notifications = async (who: SignedInPerson) =>
  (await call<{ notifications: Array<{ title: string; body: string }> }>(who, '/notifications')).body.notifications;
const sweep = () => cloud.runSchedule('money-sweep');

describe('a cancelled dollar contract whose card refund the provider refused outright', () => {
  it('waits for the buyer’s naira account, then sends the naira at the provider’s rate, the dollar wallet debited exactly the refund, once', async () => {
    const { id, txRef, title } = await paidByCard('100', 'USD');
    const cancelled = await call(seller, '/cancel-contract', { contractId: id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const waiting = await eventually(
      () => onlyLeg(id),
      (l) => l.status === 'awaiting_bank_details',
      30_000,
    );
    expect(waiting).toMatchObject({ currency: 'USD', amount_minor: 10_000, method: 'bank_transfer', destination: null });
    // Refused outright: no refund was made at the provider, nothing transferred yet.
    expect(providerRefundsOf(cloud, txRef)).toEqual([]);
    expect(transfersOf(waiting)).toEqual([]);
    const asked = (await notifications(buyer)).find((n) => n.title === 'Refund needs your bank account');
    expect(asked?.body).toContain(`$100.00 for "${title}" could not go back to the card or account you paid with.`);
    expect(asked?.body).toContain('and it is sent there, converted to naira at the exchange rate of the day it goes.');

    const usdBefore = cloud.flutterwave.balanceMinor('USD');
    await readyToBePaid(cloud, buyer, buyerPin, buyerAccount);
    const done = await eventually(
      () => onlyLeg(id),
      (l) => l.status === 'completed',
      30_000,
    );
    await settledAs(id, 'cancelled');

    // ₦150,000.00 at ₦1,500.00 per $1, under the leg's first bank reference.
    const conversion = { currency: 'NGN', rate: 1500, amount_minor: 15_000_000 };
    expect(done.destination).toMatchObject({ ...buyerAccount, transfer_reference: `${done.reference}-bank-1`, conversion });
    const [transfer, ...more] = transfersOf(done);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      reference: `${done.reference}-bank-1`,
      status: 'SUCCESSFUL',
      currency: 'NGN',
      amountMinor: 15_000_000,
      debitCurrency: 'USD',
      debitAmountMinor: 10_000,
    });
    // The dollar wallet paid exactly the $100.00 refund, and the provider's fee on the transfer (in dollars).
    const feeMinor = roundedMinorFromProvider(transfer?.fee ?? 0);
    expect(usdBefore - cloud.flutterwave.balanceMinor('USD')).toBe(10_000 + feeMinor);
    expect(done.transfer_fee_minor).toBe(feeMinor);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refunded_minor: 10_000, held_minor: 0, refund_pending_minor: 0 });

    // The buyer reads the dollars, the naira they reached them as, and the rate: in the app, by email, on the contract.
    const sent = `$100.00 for "${title}" was sent to your bank account, Chinedu Eze at ${bankName('044')} ${maskAccountNumber(buyerAccount.account_number)} as ${describeConversion(conversion, 'USD')}.`;
    expect(sent).toContain('as ₦150,000.00 at ₦1,500.00 per $1.');
    expect((await notifications(buyer)).find((n) => n.title === 'Refund sent')?.body).toBe(sent);
    const emails = await eventually(
      () => emailsTo(cloud.mailboxUrl, buyer.user.email),
      (all) => all.some((e) => e.subject === `Refund for "${title}"` && (e.body.text ?? '').includes(sent)),
    );
    expect(emails.length).toBeGreaterThan(0);
    const view = await call<RefundsResponse>(buyer, `/contracts/${id}/refunds`);
    expect(view.body.refunds).toEqual([
      expect.objectContaining({ status: 'refunded', method: 'bank_transfer', currency: 'USD', amount_minor: 10_000, conversion }),
    ]);

    // Run again, by the sweep, by a worker, by the same account saved again: nothing more is sent.
    await sweep();
    expect(await sendRefund(id, done.leg)).toMatchObject({ status: 'completed', attempts: done.attempts });
    await readyToBePaid(cloud, buyer, buyerPin, buyerAccount);
    expect(transfersOf(done)).toHaveLength(1);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refunded_minor: 10_000 });
  }, 90_000);
});

describe("a dollar dispute split, the buyer's account on file", () => {
  it('sends the buyer’s part converted at the rate when it is sent', async () => {
    const { id, txRef } = await paidByCard('500', 'USD');
    const opened = await call<DisputeActionResponse>(buyer, '/open-dispute', {
      contractId: id,
      reason: 'not_as_described',
      details: 'No type specimen.',
    });
    expect(opened.status).toBe(200);
    cloud.flutterwave.setNairaRate('USD', 1480.25);
    const proposed = await call<DisputeActionResponse>(buyer, '/propose-settlement', { contractId: id, refund: '100' });
    const proposalId = proposed.body.dispute.proposals.at(-1)?.id;
    expect((await call(seller, '/accept-settlement', { contractId: id, proposalId })).status).toBe(200);
    await settledAs(id, 'partially_refunded');

    const leg = await onlyLeg(id);
    expect(providerRefundsOf(cloud, txRef)).toEqual([]);
    // $100.00 at ₦1,480.25 per $1: ₦148,025.00, the dollar wallet debited exactly $100.00.
    expect(leg).toMatchObject({
      status: 'completed',
      amount_minor: 10_000,
      destination: { conversion: { currency: 'NGN', rate: 1480.25, amount_minor: 14_802_500 } },
    });
    expect(transfersOf(leg)).toEqual([
      expect.objectContaining({ status: 'SUCCESSFUL', currency: 'NGN', amountMinor: 14_802_500, debitAmountMinor: 10_000 }),
    ]);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refunded_minor: 10_000, held_minor: 0 });
  }, 60_000);
});

describe('a dollar refund while the provider cannot be reached', () => {
  it('claims no conversion and sends nothing; the next run converts and sends it', async () => {
    // A buyer without an account on file, so the refund waits for one.
    const payer = await signedInPerson(cloud, 'payer');
    const { id } = await paidByCard('40', 'USD', payer);
    expect((await call(seller, '/cancel-contract', { contractId: id })).status).toBe(200);
    const waiting = await eventually(
      () => onlyLeg(id),
      (l) => l.status === 'awaiting_bank_details',
      30_000,
    );

    // Their account arrives (as saving it points the leg there) while the provider, its rates too, is down.
    cloud.flutterwave.faults.providerDown = true;
    const directed = await directToBank(waiting, { ...buyerAccount, account_name: 'Chinedu Eze' });
    expect(directed?.status).toBe('transferring');
    await expect(sendRefund(id, waiting.leg)).rejects.toThrow();
    const untouched = await onlyLeg(id);
    expect(untouched).toMatchObject({ status: 'transferring', attempts: directed?.attempts, transfer_id: null });
    expect(untouched.destination?.conversion).toBeUndefined();
    expect(transfersOf(waiting)).toEqual([]);

    cloud.flutterwave.faults.providerDown = false;
    await sweep();
    const done = await eventually(
      () => onlyLeg(id),
      (l) => l.status === 'completed',
      30_000,
    );
    expect(done.destination?.conversion).toEqual({ currency: 'NGN', rate: 1500, amount_minor: 6_000_000 });
    expect(transfersOf(done)).toEqual([expect.objectContaining({ amountMinor: 6_000_000, debitAmountMinor: 4_000 })]);
    await settledAs(id, 'cancelled');
  }, 60_000);
});

describe('a dollar refund whose transfer the provider refused', () => {
  it('waits for ops, whose resume converts it again at the rate then, the dollar wallet debited exactly', async () => {
    // The buyer's account is on file (the first test saved it): the refund goes there at once, and is refused.
    cloud.flutterwave.faults.transferCreateRefusals = 1;
    const { id } = await paidByCard('50', 'USD');
    expect((await call(seller, '/cancel-contract', { contractId: id })).status).toBe(200);
    const failed = await eventually(
      () => onlyLeg(id),
      (l) => l.status === 'failed',
      30_000,
    );
    expect(failed.destination?.conversion).toEqual({ currency: 'NGN', rate: 1500, amount_minor: 7_500_000 });
    expect(transfersOf(failed)).toEqual([]);

    // The rate moves before ops resume it: nothing was sent under its reference, so it converts again.
    cloud.flutterwave.setNairaRate('USD', 1490);
    const { resumeRefundLeg } = await import('../../lambdas/core/services/refunds/resume');
    expect((await resumeRefundLeg(id, failed.leg)).resumed).toBe(true);
    await sweep();
    const done = await eventually(
      () => onlyLeg(id),
      (l) => l.status === 'completed',
      30_000,
    );
    expect(done.destination).toMatchObject({
      transfer_reference: `${done.reference}-bank-1`,
      conversion: { currency: 'NGN', rate: 1490, amount_minor: 7_450_000 },
    });
    expect(transfersOf(done)).toEqual([
      expect.objectContaining({ status: 'SUCCESSFUL', amountMinor: 7_450_000, debitCurrency: 'USD', debitAmountMinor: 5_000 }),
    ]);
    await settledAs(id, 'cancelled');
  }, 60_000);
});

it('agrees with the provider in every currency once these refunds have gone (npm run reconcile)', async () => {
  const report = await expectReconciled();
  expect(report.balances.map((b) => b.currency)).toEqual(expect.arrayContaining(['NGN', 'USD']));
}, 60_000);
