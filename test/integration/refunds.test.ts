import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listRefundLegs, type RefundLeg } from '../../lambdas/core/entities/refund';
import { refundAttemptLimit } from '../../lambdas/core/services/refunds/provider-refund';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf, ledgerSummaryOf } from '../support/ledger';
import { providerRefundsOf } from '../support/sandbox-payer';

/**
 * Refund legs against the local cloud and the provider's sandbox, with its faults: a refund is
 * asked of the provider once per attempt and completed once, whatever the webhook does; a lost
 * answer is found again by our reference instead of asked twice; a refund the provider fails is
 * asked again, and after the last attempt the leg waits for ops with its money still owed. The
 * sweep (the `money-sweep` schedule) is run by the tests when they need it.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-refunds-'));

beforeAll(async () => {
  // The schedule's own interval is far beyond any test here: only the tests run the sweep.
  cloud = await startLocalCloud({ dataDir, schedules: { everyMs: 3_600_000 } });
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
}, 120_000);

afterEach(async () => {
  Object.assign(cloud.flutterwave.faults, { webhookDuplicates: 0, failRefunds: false, refundCreateLostReplies: 0 });
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function _call<T = Record<string, unknown>>(who: SignedInPerson, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A contract of ₦10,000 the buyer overpays by ₦1,500: one excess leg, already asked of the provider. */
async function overpaid(): Promise<{ id: string; txRef: string; leg: () => Promise<RefundLeg | undefined> }> {
  const terms = { title: `Tailoring ${touched.size + 1}`, description: 'Two kaftans', value: '10000' };
  const { id, account } = await fundedContract(cloud, seller, buyer, terms, { paid: '11500', touched });
  return { id, txRef: account.txRef, leg: async () => (await listRefundLegs(id))[0] };
}

const refundsAtProvider = (txRef: string) => providerRefundsOf(cloud, txRef);

const postings = async (id: string, kind: string) => (await ledgerOf(id)).filter((e) => e.kind === kind);

describe('a refund leg', () => {
  it('is completed once however often its webhook comes: 50 deliveries, and 20 more at once, make one posting', async () => {
    cloud.flutterwave.faults.webhookDuplicates = 49;
    const { id, txRef, leg } = await overpaid();
    await eventually(leg, (l) => l?.status === 'completed', 15_000);
    const [refund] = refundsAtProvider(txRef);
    await eventually(
      async () => refundsAtProvider(txRef)[0]?.webhook,
      (w) => w?.attempts === 50 && w.state === 'delivered',
      30_000,
    );
    const body = {
      event: 'refund.completed',
      data: { id: refund?.id, tx_id: refund?.transactionId, amount_refunded: 1500, status: 'completed' },
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
    expect(refundsAtProvider(txRef)).toHaveLength(1);
    expect(await postings(id, 'refund_completed')).toHaveLength(1);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refund_pending_minor: 0, refunded_minor: 150_000, held_minor: 1_000_000 });
  });

  it('refuses a refund webhook without the right verif-hash (401), changing nothing', async () => {
    const forged = await fetch(`${cloud.apiUrl}/flutterwave-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': 'not-the-hash' },
      body: JSON.stringify({ event: 'refund.completed', data: { id: 1, tx_id: 1, amount_refunded: 1, status: 'completed' } }),
    });
    expect(forged.status).toBe(401);
  });

  it('is found again by its reference when the provider’s answer was lost, never asked twice', async () => {
    cloud.flutterwave.faults.refundCreateLostReplies = 1;
    const { id, txRef, leg } = await overpaid();
    // Asked and made at the provider, but its answer was a 500: the refund is found in the provider's
    // list by our reference and recorded, and its webhook completes it.
    await eventually(leg, (l) => l?.status === 'completed', 15_000);
    await cloud.runSchedule('money-sweep');
    expect(await leg()).toMatchObject({ status: 'completed', attempts: 1 });
    expect(String(refundsAtProvider(txRef)[0]?.id)).toBe((await leg())?.provider_refund_id);
    expect(refundsAtProvider(txRef)).toHaveLength(1);
    expect(await postings(id, 'refund_completed')).toHaveLength(1);
  });

  it('is asked again when the provider fails it, after the last attempt waits for ops with the money still owed (counted as waiting on every sweep run), and is refunded once when ops resume it', async () => {
    cloud.flutterwave.faults.failRefunds = true;
    const { id, txRef, leg } = await overpaid();
    for (let attempt = 1; attempt <= refundAttemptLimit; attempt++) {
      // The provider fails this attempt (its webhook puts the leg back to pending); the sweep asks again.
      await eventually(leg, (l) => l?.status === 'pending' && l.attempts === attempt, 15_000);
      await cloud.runSchedule('money-sweep');
    }
    const failed = await eventually(leg, (l) => l?.status === 'failed', 15_000);
    expect(failed?.attempts).toBe(refundAttemptLimit);
    expect(failed?.failure_reason).toMatch(/asked 3 times/);
    expect(refundsAtProvider(txRef).map((r) => r.status)).toEqual(Array(refundAttemptLimit).fill('failed'));
    expect(await postings(id, 'refund_completed')).toHaveLength(0);
    expect(await ledgerSummaryOf(id)).toMatchObject({ refund_pending_minor: 150_000, refunded_minor: 0 });
    // Ops' attention: the sweep no longer asks for it, and counts it as waiting for ops on every run.
    const run = (await cloud.runSchedule('money-sweep')) as { waitingForOps: { refunds: string[] } };
    expect(refundsAtProvider(txRef)).toHaveLength(refundAttemptLimit);
    expect(run.waitingForOps.refunds).toContain(failed?.reference);

    // Ops fix the cause with the provider and resume it (npm run resume-refund): asked once more,
    // completed once, and no longer waiting.
    cloud.flutterwave.faults.failRefunds = false;
    const resume = () =>
      promisify(execFile)('npx', ['tsx', 'scripts/resume-refund.ts', id, String(failed?.leg)], { env: process.env });
    expect((await resume()).stdout).toContain(`Refund ${failed?.reference} (₦1,500.00) resumed`);
    const again = (await cloud.runSchedule('money-sweep')) as { waitingForOps: { refunds: string[] } };
    expect(again.waitingForOps.refunds).not.toContain(failed?.reference);
    await eventually(leg, (l) => l?.status === 'completed', 15_000);
    expect(refundsAtProvider(txRef).map((r) => r.status)).toEqual([...Array(refundAttemptLimit).fill('failed'), 'completed']);
    expect(await postings(id, 'refund_completed')).toHaveLength(1);
    expect((await resume()).stdout).toContain('is completed: nothing to resume');
  });
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
