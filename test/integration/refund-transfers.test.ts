import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { RefundsResponse } from '../../lambdas/core/api/refunds';
import { listRefundLegs, type RefundLeg } from '../../lambdas/core/entities/refund';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf, ledgerSummaryOf } from '../support/ledger';
import { providerRefundsOf } from '../support/sandbox-payer';
import { readyToBePaid } from '../support/seller';

/**
 * A payment the provider will not refund (the sandbox refuses refunds of bank transfers here, as
 * it is told to) goes back to the buyer's own bank account, the one they keep in My Account with
 * their payment PIN: at once when they have one, else as soon as they save it. One transfer per
 * account, whatever replays, races or lost answers; a transfer the bank declines goes back to the
 * buyer to check their account, and their next save sends it under a new reference.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-refund-transfers-'));
const goodAccount = { bank_code: '044', account_number: '0690000033' };
const decliningAccount = { bank_code: '044', account_number: '0690000041' };

beforeAll(async () => {
  // Only the tests run the sweep.
  cloud = await startLocalCloud({ dataDir, schedules: { everyMs: 3_600_000 } });
  configureAmplify(cloud.config);
  cloud.flutterwave.setNonRefundablePaymentTypes(['bank_transfer']);
  seller = await signedInPerson(cloud, 'seller');
}, 120_000);

afterEach(async () => {
  Object.assign(cloud.flutterwave.faults, {
    webhookDuplicates: 0,
    transferCreateLostReplies: 0,
    transferWebhookDrops: 0,
    holdTransfers: false,
  });
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);

/** A ₦10,000 contract the buyer overpays by ₦1,500 by bank transfer: one excess leg, which the provider will not refund. */
async function overpaid(buyer: SignedInPerson) {
  const terms = { title: `Catering ${touched.size + 1}`, description: 'Jollof for forty', value: '10000' };
  const { id, account } = await fundedContract(cloud, seller, buyer, terms, { paid: '11500', touched });
  const leg = async () => (await listRefundLegs(id))[0] as RefundLeg;
  return { id, txRef: account.txRef, leg };
}

/** The provider's transfers of a leg (every account tried), oldest first. */
const transfersOf = (leg: RefundLeg) =>
  cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(`${leg.reference}-bank-`));

const refundsOf = async (buyer: SignedInPerson, id: string) =>
  (await call<RefundsResponse>(buyer, `/contracts/${id}/refunds`)).body.refunds;

const titles = async (who: SignedInPerson) =>
  (await call<{ notifications: Array<{ title: string; body: string }> }>(who, '/notifications')).body.notifications.map(
    (n) => n.title,
  );

/** Runs the sweep until the leg is completed (its webhook lost, only the sweep reads how its transfer settled). */
const completedBySweep = (leg: () => Promise<RefundLeg>) =>
  eventually(
    async () => {
      await cloud.runSchedule('money-sweep');
      return leg();
    },
    (l) => l.status === 'completed',
    15_000,
  );

const completions = async (id: string) => (await ledgerOf(id)).filter((e) => e.kind === 'refund_completed');

describe('a refund the provider will not make', () => {
  it('waits for the buyer’s bank account, then goes there by one transfer once they save it: never refunded twice', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    const { id, txRef, leg } = await overpaid(buyer);
    const waiting = await eventually(leg, (l) => l.status === 'awaiting_bank_details', 15_000);
    expect(waiting).toMatchObject({ method: 'bank_transfer', destination: null, amount_minor: 150_000 });
    expect(waiting.failure_reason).toMatch(/not supported/);
    expect(providerRefundsOf(cloud, txRef)).toEqual([]);
    expect(await titles(buyer)).toContain('Refund needs your bank account');
    expect(await refundsOf(buyer, id)).toEqual([
      expect.objectContaining({ status: 'awaiting_bank_details', method: 'bank_transfer', amount_minor: 150_000, to: null }),
    ]);
    // Nobody moves a leg that waits for its payer: the sweep leaves it.
    await cloud.runSchedule('money-sweep');
    expect(transfersOf(waiting)).toEqual([]);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refund_pending_minor: 150_000, refunded_minor: 0, held_minor: 1_000_000 });

    await readyToBePaid(cloud, buyer, '2468', goodAccount);
    const done = await eventually(leg, (l) => l.status === 'completed', 15_000);
    expect(done.destination).toMatchObject({ ...goodAccount, transfer_reference: `${done.reference}-bank-1` });
    expect(transfersOf(done).map((t) => [t.accountNumber, t.amountMinor, t.status])).toEqual([
      [goodAccount.account_number, 150_000, 'SUCCESSFUL'],
    ]);
    expect(providerRefundsOf(cloud, txRef)).toEqual([]);
    expect(await completions(id)).toHaveLength(1);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refund_pending_minor: 0, refunded_minor: 150_000, held_minor: 1_000_000 });
    expect(await refundsOf(buyer, id)).toEqual([
      expect.objectContaining({ status: 'refunded', to: expect.objectContaining({ account_number: '******0033' }) }),
    ]);
    // The seller sees none of the buyer's refunds or bank details.
    expect(await refundsOf(seller, id)).toEqual([]);
  });

  it('goes straight to the account on file, with one transfer and one posting through 50 webhook deliveries and 10 sweep runs at once', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, buyer, '1357', goodAccount);
    cloud.flutterwave.faults.webhookDuplicates = 49;
    const { id, leg } = await overpaid(buyer);
    await Promise.all(Array.from({ length: 10 }, () => cloud.runSchedule('money-sweep')));
    const done = await eventually(leg, (l) => l.status === 'completed', 15_000);
    await Promise.all(Array.from({ length: 10 }, () => cloud.runSchedule('money-sweep')));
    expect(transfersOf(done)).toHaveLength(1);
    expect(await completions(id)).toHaveLength(1);
    expect(await titles(buyer)).toEqual(expect.arrayContaining(['Refund by bank transfer', 'Refund sent']));
  });

  it('waits for ops when the provider refuses the transfer itself, and goes once to the same account when ops resume it', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, buyer, '9753', goodAccount);
    cloud.flutterwave.faults.transferCreateRefusals = 1;
    const { id, leg } = await overpaid(buyer);
    const failed = await eventually(leg, (l) => l.status === 'failed', 15_000);
    expect(failed).toMatchObject({ method: 'bank_transfer', failure_reason: expect.stringMatching(/Insufficient balance/) });
    expect(transfersOf(failed)).toEqual([]);
    const run = (await cloud.runSchedule('money-sweep')) as { waitingForOps: { refunds: string[] } };
    expect(run.waitingForOps.refunds).toContain(failed.reference);
    // Ops top the balance up and resume it: the same account, the same reference (none was made with it).
    const { resumeRefundLeg } = await import('../../lambdas/core/services/refunds/resume');
    expect((await resumeRefundLeg(id, failed.leg)).resumed).toBe(true);
    expect((await resumeRefundLeg(id, failed.leg)).resumed).toBe(false);
    const done = await completedBySweep(leg);
    expect(transfersOf(done).map((t) => [t.reference, t.accountNumber, t.status])).toEqual([
      [`${done.reference}-bank-1`, goodAccount.account_number, 'SUCCESSFUL'],
    ]);
    expect(await completions(id)).toHaveLength(1);
  });

  it('finds its transfer by reference when the provider’s answer was lost, instead of sending a second', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, buyer, '9753', goodAccount);
    // The transfer is made but its answer is a 500, and its webhook never comes: the leg stays
    // transferring with no transfer recorded, as after a crash between the request and the record.
    cloud.flutterwave.faults.transferCreateLostReplies = 1;
    cloud.flutterwave.faults.transferWebhookDrops = 1;
    const { id, leg } = await overpaid(buyer);
    const lost = await eventually(leg, (l) => l.status === 'transferring', 15_000);
    expect(lost.transfer_id ?? null).toBeNull();
    // The sweep finds the transfer under our reference, and (its webhook lost) reads how it settled.
    const done = await completedBySweep(leg);
    expect(transfersOf(done)).toHaveLength(1);
    expect(done.transfer_id).toBe(transfersOf(done)[0]?.id);
    expect(await completions(id)).toHaveLength(1);
  });

  it('goes back to the buyer when the bank declines the transfer, and their next save sends it under a new reference', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, buyer, '8642', decliningAccount);
    const { id, leg } = await overpaid(buyer);
    const declined = await eventually(
      leg,
      (l) => l.status === 'awaiting_bank_details' && l.previous_destinations?.length === 1,
      20_000,
    );
    expect(declined.previous_destinations?.[0]).toMatchObject({
      ...decliningAccount,
      transfer_reference: `${declined.reference}-bank-1`,
    });
    expect(await titles(buyer)).toContain('Refund transfer failed');
    expect(await ledgerSummaryOf(id)).toMatchObject({ refund_pending_minor: 150_000, refunded_minor: 0 });

    // Two saves at once (a double tap): one transfer to the new account.
    const saves = await Promise.all([1, 2].map(() => call(buyer, '/save-bank-info', { ...goodAccount, pin: '8642' })));
    expect(saves.map((s) => s.status)).toContain(200);
    const done = await eventually(leg, (l) => l.status === 'completed', 15_000);
    expect(transfersOf(done).map((t) => [t.reference, t.accountNumber, t.status])).toEqual([
      [`${done.reference}-bank-1`, decliningAccount.account_number, 'FAILED'],
      [`${done.reference}-bank-2`, goodAccount.account_number, 'SUCCESSFUL'],
    ]);
    expect(await completions(id)).toHaveLength(1);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refund_pending_minor: 0, refunded_minor: 150_000 });
  });

  it('is not put back by a worker still holding a read from the declined transfer once the buyer gave another account', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, buyer, '5151', decliningAccount);
    cloud.flutterwave.faults.holdTransfers = true;
    const { id, leg } = await overpaid(buyer);
    // A worker reads the leg while its first transfer is on its way...
    const stale = await eventually(leg, (l) => l.status === 'transferring' && l.transfer_id != null, 15_000);
    // ...the bank declines it, the buyer saves another account, and that transfer is made, its
    // answer lost (so not recorded yet) and held on its way.
    cloud.flutterwave.faults.holdTransfers = false;
    await eventually(leg, (l) => l.status === 'awaiting_bank_details', 15_000);
    cloud.flutterwave.faults.holdTransfers = true;
    cloud.flutterwave.faults.transferCreateLostReplies = 1;
    expect((await call(buyer, '/save-bank-info', { ...goodAccount, pin: '5151' })).status).toBe(200);
    const second = await eventually(leg, (l) => l.status === 'transferring', 15_000);
    expect(second.destination?.transfer_reference).toBe(`${second.reference}-bank-2`);
    // The stale worker sees its transfer FAILED: it must not hand the leg back to the buyer.
    const { moveRefundTransfer } = await import('../../lambdas/core/services/refunds/bank-transfer');
    await moveRefundTransfer(stale);
    expect(await leg()).toMatchObject({ status: 'transferring', destination: second.destination });
    cloud.flutterwave.faults.holdTransfers = false;
    const done = await completedBySweep(leg);
    expect(transfersOf(done).map((t) => t.status)).toEqual(['FAILED', 'SUCCESSFUL']);
    expect((await titles(buyer)).filter((t) => t === 'Refund transfer failed')).toHaveLength(1);
    expect(await completions(id)).toHaveLength(1);
  });

  it('ends a cancellation once the transfer lands: the contract cancelled, everything paid back, no fee', async () => {
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, buyer, '1122', goodAccount);
    const { id } = await overpaid(buyer);
    const cancelled = await call(seller, '/cancel-contract', { contractId: id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await eventually(
      async () => (await call<{ contract: ContractView }>(seller, `/contracts/${id}`)).body.contract,
      (c) => c.status === 'cancelled',
      20_000,
    );
    const legs = await listRefundLegs(id);
    expect(legs.map((l) => [l.reason, l.method, l.status, l.amount_minor]).sort()).toEqual([
      ['cancellation', 'bank_transfer', 'completed', 1_000_000],
      ['excess', 'bank_transfer', 'completed', 150_000],
    ]);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      paid_in_minor: 1_150_000,
      refunded_minor: 1_150_000,
      held_minor: 0,
      fees_minor: 0,
    });
    expect(await refundsOf(buyer, id)).toHaveLength(2);
  });
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
