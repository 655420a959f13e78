import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { cancellationMessages } from '../../lambdas/core/domain/escrow-contract';
import { listRefundLegs } from '../../lambdas/core/entities/refund';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerSummaryOf } from '../support/ledger';
import { emailsTo } from '../support/mailbox';
import { snapshotDiff, snapshotTable, withoutBackgroundItemsOrWorkflowTokens } from '../support/table';
import { executionsOf } from '../support/workflow';

/**
 * Cancelling a funded contract before delivery, against the local cloud, the real state machine
 * and the provider's sandbox, with business time compressed (ESCROW_TIME_SCALE 0.00001: the 7-day
 * funding window lasts about 6 s, the 30-day delivery deadline about 26 s): the seller cancels, or agrees to the buyer's request; the buyer
 * alone may cancel a contract only partly paid once its funding window ended. Everything paid goes
 * back to the buyer against their own payments, no fee, and the contract ends `cancelled`.
 */
const timeScale = 0.00001;
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let stranger: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-cancellation-'));

beforeAll(async () => {
  cloud = await startLocalCloud({ dataDir, timeScale });
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
  stranger = await signedInPerson(cloud, 'stranger');
}, 120_000);

afterEach(async () => {
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);
const contract = async (id: string) => (await call<{ contract: ContractView }>(seller, `/contracts/${id}`)).body.contract;
const cancel = (id: string, who: SignedInPerson) =>
  call<{ message: string; contract: ContractView }>(who, '/cancel-contract', { contractId: id });

/** An accepted contract of `value` naira of which the buyer paid `paid` by bank transfer. */
async function paid(value: number, paidNaira = value): Promise<string> {
  const terms = { title: `Catering ${touched.size + 1}`, description: 'Jollof for 50 guests', value: String(value) };
  const { id } = await fundedContract(cloud, seller, buyer, terms, { paid: String(paidNaira), touched });
  return id;
}

/** The subjects of the emails `who` got about the contract titled `title`, oldest first. */
async function subjectsAbout(who: SignedInPerson, title: string): Promise<string[]> {
  const emails = await emailsTo(cloud.mailboxUrl, who.user.email);
  return emails
    .filter((e) => e.subject.includes(`"${title}"`))
    .sort((a, b) => a.at - b.at)
    .map((e) => e.subject);
}

/** Waits until the contract is cancelled with everything refunded and its execution ended after its refunds. */
async function refundedAndCancelled(id: string, paidMinor: number): Promise<void> {
  await eventually(
    () => contract(id),
    (c) => c.status === 'cancelled',
    60_000,
  );
  expect(await ledgerSummaryOf(id)).toMatchObject({
    paid_in_minor: paidMinor,
    refunded_minor: paidMinor,
    held_minor: 0,
    refund_pending_minor: 0,
    fees_minor: 0,
    paid_out_minor: 0,
  });
  const legs = await listRefundLegs(id);
  expect(legs.every((leg) => leg.reason === 'cancellation' && leg.status === 'completed')).toBe(true);
  await eventually(
    () => executionsOf(cloud).events(id),
    (events) =>
      events.some((e) => e.stateEnteredEventDetails?.name === 'AwaitRefunds') && events.at(-1)?.type === 'ExecutionSucceeded',
    30_000,
  );
}

describe('cancelling a funded contract before delivery', () => {
  it('refuses a stranger (403) and a delivered contract (409), changing nothing', async () => {
    const id = await paid(20_000);
    expect((await call(seller, '/mark-delivered', { contractId: id, note: 'Delivered to the hall' })).status).toBe(200);
    const before = await snapshotTable(withoutBackgroundItemsOrWorkflowTokens);
    const byStranger = await cancel(id, stranger);
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.error).toBe(cancellationMessages.notParty);
    for (const who of [seller, buyer]) {
      const refused = await cancel(id, who);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(cancellationMessages.notCancellable('delivered'));
    }
    expect(snapshotDiff(before, await snapshotTable(withoutBackgroundItemsOrWorkflowTokens))).toEqual([]);
  });

  it('by the seller: everything paid goes back to the buyer, no fee, the contract ends cancelled, and the emails say cancelled and refunded', async () => {
    const id = await paid(25_000);
    const cancelled = await cancel(id, seller);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ message: cancellationMessages.cancelled, contract: { status: 'refunding' } });
    await refundedAndCancelled(id, 2_500_000);
    const told = (await call<{ notifications: Array<{ title: string }> }>(buyer, '/notifications')).body.notifications;
    expect(told.map((n) => n.title)).toEqual(expect.arrayContaining(['Contract cancelled', 'Refund complete']));
    // Its emails say what happened: cancelled, then refunded; never a dispute nobody opened.
    const { title } = await contract(id);
    const subjects = await eventually(
      () => subjectsAbout(buyer, title),
      (s) => s.some((subject) => subject.startsWith('Refund complete')),
    );
    expect(subjects).toEqual(
      expect.arrayContaining([`"${title}" was cancelled`, `Refund for "${title}"`, `Refund complete for cancelled "${title}"`]),
    );
    expect(subjects.filter((subject) => subject.includes('""'))).toEqual([]);
    expect(subjects.filter((subject) => /dispute/i.test(subject))).toEqual([]);
  });

  it('by the buyer of a fully funded contract only with the seller’s agreement: the request, once, then the seller’s cancel', async () => {
    const id = await paid(15_000);
    const asked = await cancel(id, buyer);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      message: cancellationMessages.requested,
      contract: { status: 'fully_funded', cancellation_requested_by: buyer.sub },
    });
    const again = await cancel(id, buyer);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(cancellationMessages.alreadyRequested);
    expect((await cancel(id, seller)).status).toBe(200);
    await refundedAndCancelled(id, 1_500_000);
    expect((await contract(id)).cancellation_requested_by).toBeNull();
  });

  it('of a cancellation and the buyer’s acceptance sent at once, exactly one wins', async () => {
    const id = await paid(10_000);
    const [cancelled, accepted] = await Promise.all([
      cancel(id, seller),
      call(buyer, '/mark-contract-completed', { contractId: id }),
    ]);
    expect([cancelled.status, accepted.status].sort()).toEqual([200, 409]);
    if (cancelled.status === 200) await refundedAndCancelled(id, 1_000_000);
    else expect((await contract(id)).status).toBe('payer_marked_satisfied');
  });

  it('by the buyer alone, of a contract only partly paid once its funding window ended: a full refund of what was paid', async () => {
    const id = await paid(40_000, 10_000);
    const early = await cancel(id, buyer);
    expect(early.body.message).toBe(cancellationMessages.requested);
    // Business time runs 100,000 times faster: the 7-day window ends within about 6 s.
    const late = await eventually(
      () => cancel(id, buyer),
      (answer) => answer.status === 200,
      30_000,
    );
    expect(late.body).toMatchObject({ message: cancellationMessages.cancelled, contract: { status: 'refunding' } });
    await refundedAndCancelled(id, 1_000_000);
  });
});

describe('the delivery deadline', () => {
  it('refunds an undelivered contract in full 30 days after the first money in, both told and emailed why, not as a cancellation', async () => {
    const id = await paid(12_000);
    const due = (await contract(id)).delivery_due_at;
    expect(due).not.toBeNull();
    // 30 days at 100,000 times: about 26 s.
    await refundedAndCancelled(id, 1_200_000);
    const told = (await call<{ notifications: Array<{ title: string }> }>(seller, '/notifications')).body.notifications;
    expect(told.map((n) => n.title)).toContain('Not delivered in time');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(due ?? ''));
    // Both are emailed that it was not delivered, then that the refund is complete: not "cancelled", not a dispute.
    const { title } = await contract(id);
    for (const who of [seller, buyer]) {
      const subjects = await eventually(
        () => subjectsAbout(who, title),
        (s) => s.some((subject) => subject.startsWith('Refund complete')),
      );
      expect(subjects).toEqual(
        expect.arrayContaining([`"${title}" was not delivered in time`, `Refund complete for undelivered "${title}"`]),
      );
      expect(subjects.filter((subject) => /dispute|cancelled/i.test(subject))).toEqual([]);
    }
  }, 90_000);
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
