import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../lambdas/core/adapters/logger';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { PaymentStatusResponse } from '../../lambdas/core/api/payments';
import { platformFee, toDecimalString } from '../../lambdas/core/domain/money';
import { listRefundLegs } from '../../lambdas/core/entities/refund';
import type { LocalCloud } from '../../lib/local/index';
import { startDealCloud } from '../support/deal-cloud';
import { eventually } from '../support/eventually';
import { acceptedContract, sendToAccount, transferAccount } from '../support/funded-contract';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf, ledgerSummaryOf } from '../support/ledger';
import { cardCheckout, providerRefundsOf } from '../support/sandbox-payer';

/**
 * Money no contract can take, against the local cloud, the real state machine and the provider's
 * sandbox: a contract takes at most what is due; the rest (an overpayment, a card payment that
 * completes after the contract was funded, a payment after the funding window cancelled it) goes to suspense and on to
 * a refund leg, never into escrow, never paid out, never charged a fee. Business time runs
 * 50,000 times faster, so the 7-day funding window ends in about 12 s.
 */
const pin = '5190';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-excess-'));

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    { dataDir, timeScale: 0.00002, flutterwave: { transferDecideMs: 300 } },
    { pin },
  ));
}, 120_000);

afterEach(async () => {
  vi.restoreAllMocks();
  Object.assign(cloud.flutterwave.faults, { webhookDuplicates: 0, dropWebhooks: false });
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T = Record<string, unknown>>(who: SignedInPerson, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const contract = async (id: string) => (await call<{ contract: ContractView }>(seller, `/contracts/${id}`)).body.contract;

/** An accepted ₦`value` contract of the seller's for the buyer, waiting for money. */
const repairContract = (value: string) =>
  acceptedContract(
    cloud,
    seller,
    buyer,
    { title: `Generator repair ${touched.size + 1}`, description: 'Parts and labour', value },
    touched,
  );

/** The contract's refund legs once none is still owed (the provider confirmed each, or it waits for ops). */
const settledLegs = (id: string) =>
  eventually(
    () => listRefundLegs(id),
    (legs) => legs.length > 0 && legs.every((l) => l.status === 'completed' || l.status === 'failed'),
    20_000,
  );

const refundsAtProvider = (txRef: string) => providerRefundsOf(cloud, txRef);

const paymentStatus = async (txRef: string) => (await call<PaymentStatusResponse>(buyer, `/get-payment-status`, { txRef })).body;

describe('money beyond what a contract takes', () => {
  it('credits an overpayment only up to what is due: the excess goes to a refund leg, and the payout is what was due minus 2% of it', async () => {
    const id = await repairContract('85000');
    const account = await transferAccount(cloud, buyer, id);
    await sendToAccount(cloud, account, '90000');
    const paid = await eventually(
      () => contract(id),
      (c) => c.status === 'fully_funded',
    );
    expect(paid.amount_paid_minor).toBe(8_500_000);
    expect(await paymentStatus(account.txRef)).toMatchObject({
      status: 'successful',
      amount_minor: 8_500_000,
      refunding_minor: 500_000,
    });
    const [leg, ...others] = await settledLegs(id);
    expect(others).toEqual([]);
    expect(leg).toMatchObject({
      reason: 'excess',
      amount_minor: 500_000,
      from: 'suspense',
      payer_id: buyer.sub,
      status: 'completed',
    });
    expect(refundsAtProvider(account.txRef).map((r) => r.amountMinor)).toEqual([500_000]);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      paid_in_minor: 9_000_000,
      held_minor: 8_500_000,
      suspense_minor: 0,
      refund_pending_minor: 0,
      refunded_minor: 500_000,
    });
    const notes = (await call<{ notifications: Array<{ title: string; body: string }> }>(buyer, '/notifications')).body
      .notifications;
    // One notification tells both: what is held, and what goes back.
    expect(notes.filter((n) => n.title === 'Payment received' && n.body.includes('₦5,000.00 of your payment for'))).toHaveLength(
      1,
    );

    expect((await call(buyer, '/mark-contract-completed', { contractId: id })).status).toBe(200);
    const released = await call(seller, '/release-funds', { contractId: id, pin });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    await eventually(
      () => contract(id),
      (c) => c.status === 'completed',
      30_000,
    );
    const payouts = cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(`payout-${id}`));
    expect(payouts.map((t) => t.amountMinor)).toEqual([8_500_000 - platformFee(8_500_000)]);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      paid_in_minor: 9_000_000,
      held_minor: 0,
      fees_minor: platformFee(8_500_000),
      paid_out_minor: 8_500_000 - platformFee(8_500_000),
      refunded_minor: 500_000,
    });
  });

  it('refunds all of a card payment that completes after a bank transfer funded the contract: nothing more credited, the buyer told', async () => {
    const id = await repairContract('12000');
    const card = (await call<{ txRef: string }>(buyer, '/start-card-payment', { contractId: id })).body;
    const account = await transferAccount(cloud, buyer, id);
    await sendToAccount(cloud, account, '12000');
    await eventually(
      () => contract(id),
      (c) => c.status === 'fully_funded',
    );
    await cardCheckout(cloud, card.txRef, '12000', 'pay');
    const status = await eventually(
      () => paymentStatus(card.txRef),
      (s) => s.status !== 'pending',
    );
    expect(status).toEqual({ status: 'refunding', contractId: id, amount_minor: 0, refunding_minor: 1_200_000 });
    expect((await contract(id)).amount_paid_minor).toBe(1_200_000);
    expect((await settledLegs(id)).map((l) => [l.reason, l.amount_minor, l.status])).toEqual([
      ['not_payable', 1_200_000, 'completed'],
    ]);
    expect(refundsAtProvider(card.txRef).map((r) => r.amountMinor)).toEqual([1_200_000]);
    expect(refundsAtProvider(account.txRef)).toEqual([]);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      paid_in_minor: 2_400_000,
      held_minor: 1_200_000,
      refunded_minor: 1_200_000,
    });
  });

  it('takes 50 deliveries of an overpayment’s webhook, and 20 more at once, as one: one credit, one refund leg, one posting each', async () => {
    const id = await repairContract('3000');
    const account = await transferAccount(cloud, buyer, id);
    cloud.flutterwave.faults.webhookDuplicates = 49;
    await sendToAccount(cloud, account, '3500');
    const transaction = await eventually(
      async () => cloud.flutterwave.transactions().find((t) => t.txRef === account.txRef),
      (t) => t?.webhook.attempts === 50 && t.webhook.state === 'delivered',
      30_000,
    );
    // And 20 deliveries at once, as a provider retrying in parallel would send them.
    const body = {
      event: 'charge.completed',
      data: { id: transaction?.id, tx_ref: account.txRef, amount: 3500, currency: 'NGN', status: 'successful' },
    };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${cloud.apiUrl}/flutterwave-webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verif-hash': cloud.flutterwave.webhookHash },
          body: JSON.stringify(body),
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await settledLegs(id)).map((l) => [l.amount_minor, l.status])).toEqual([[50_000, 'completed']]);
    expect((await ledgerOf(id)).map((e) => e.kind).sort()).toEqual(['payment_credited', 'refund_completed', 'refund_requested']);
    expect(refundsAtProvider(account.txRef).map((r) => r.amountMinor)).toEqual([50_000]);
    expect((await contract(id)).amount_paid_minor).toBe(300_000);
    expect(await paymentStatus(account.txRef)).toMatchObject({ amount_minor: 300_000, refunding_minor: 50_000 });
  });

  it('logs "refunding the excess" once, by the delivery that credited it, after its commit: never by the deliveries that lost the race', async () => {
    const id = await repairContract('2000');
    const account = await transferAccount(cloud, buyer, id);
    // Nothing credits it until the deliveries below arrive together.
    cloud.flutterwave.faults.dropWebhooks = true;
    await sendToAccount(cloud, account, '2600');
    const transaction = await eventually(
      async () => cloud.flutterwave.transactions().find((t) => t.txRef === account.txRef),
      (t) => t !== undefined,
    );
    const excessLogged: Array<Promise<number>> = [];
    vi.spyOn(logger, 'warn').mockImplementation((...args: unknown[]) => {
      // What the table holds as it is logged: the leg it announces must already be written.
      if (String(args[0]).includes('refunding the excess')) excessLogged.push(listRefundLegs(id).then((legs) => legs.length));
    });
    const body = {
      event: 'charge.completed',
      data: { id: transaction?.id, tx_ref: account.txRef, amount: 2600, currency: 'NGN', status: 'successful' },
    };
    const replies = await Promise.all([
      ...Array.from({ length: 12 }, () =>
        fetch(`${cloud.apiUrl}/flutterwave-webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verif-hash': cloud.flutterwave.webhookHash },
          body: JSON.stringify(body),
        }).then((r) => r.status),
      ),
      call(buyer, '/get-payment-status', { txRef: account.txRef }).then((r) => r.status),
    ]);
    expect(replies).toEqual(Array(13).fill(200));
    expect((await contract(id)).amount_paid_minor).toBe(200_000);
    expect(await Promise.all(excessLogged)).toEqual([1]);
    expect((await settledLegs(id)).map((l) => [l.reason, l.amount_minor])).toEqual([['excess', 60_000]]);
  });

  it('credits money the provider holds when the funding window ends, instead of cancelling: its webhook lost, its status never checked', async () => {
    const id = await repairContract('6000');
    const account = await transferAccount(cloud, buyer, id);
    cloud.flutterwave.faults.dropWebhooks = true;
    await sendToAccount(cloud, account, '6000');
    // Nobody asks and nothing is heard: only the end of the funding window (about 12 s here) looks.
    const after = await eventually(
      () => contract(id),
      (c) => c.status !== 'active',
      30_000,
    );
    expect(after).toMatchObject({ status: 'fully_funded', amount_paid_minor: 600_000 });
    expect(await ledgerSummaryOf(id)).toMatchObject({ paid_in_minor: 600_000, held_minor: 600_000 });
  });

  it('refunds a payment that arrives after the funding window cancelled the contract, and says so', async () => {
    const id = await repairContract('4000');
    const account = await transferAccount(cloud, buyer, id);
    await eventually(
      () => contract(id),
      (c) => c.status === 'cancelled',
      30_000,
    );
    await sendToAccount(cloud, account, toDecimalString(400_000, 'NGN'));
    const status = await eventually(
      () => paymentStatus(account.txRef),
      (s) => s.status !== 'pending',
    );
    expect(status).toEqual({ status: 'refunding', contractId: id, amount_minor: 0, refunding_minor: 400_000 });
    expect((await contract(id)).status).toBe('cancelled');
    const notes = (await call<{ notifications: Array<{ title: string; body: string }> }>(buyer, '/notifications')).body
      .notifications;
    expect(notes.some((n) => n.title === 'Refund on its way' && n.body.includes('was cancelled and took no more payments'))).toBe(
      true,
    );
    await settledLegs(id);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      paid_in_minor: 400_000,
      held_minor: 0,
      refund_pending_minor: 0,
      refunded_minor: 400_000,
    });
    expect(refundsAtProvider(account.txRef).map((r) => r.amountMinor)).toEqual([400_000]);
  });
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
