import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView, MilestoneView } from '../../lambdas/core/api/contracts';
import type { DisputeActionResponse } from '../../lambdas/core/api/disputes';
import { milestoneMessages } from '../../lambdas/core/domain/milestones';
import { payoutFigures } from '../../lambdas/core/domain/payout';
import { getPayout } from '../../lambdas/core/entities/payout';
import { listRefundLegs } from '../../lambdas/core/entities/refund';
import { advanceMilestones } from '../../lambdas/core/services/milestones';
import type { LocalCloud } from '../../lib/local/index';
import { runProgram } from '../../scripts/programs';
import { startDealCloud } from '../support/deal-cloud';
import { eventually } from '../support/eventually';
import { payByBankTransfer } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers, ledgerOf, ledgerSummaryOf, sumOf } from '../support/ledger';
import { emailsTo } from '../support/mailbox';
import { snapshotDiff, snapshotTable, withoutBackgroundItemsOrWorkflowTokens } from '../support/table';
import { executionsOf } from '../support/workflow';

/**
 * Milestones (issue 38) against the local cloud, the real state machine and the provider's sandbox,
 * business time compressed (ESCROW_TIME_SCALE 0.00002: a 3-day inspection window lasts about 5 s, a
 * dispute's 7-day agreement window about 12 s). A contract split into milestones is funded once;
 * its execution then runs each milestone as a contract of its own, in order: delivered, inspected
 * (lapsing into acceptance, the last one too), accepted or disputed, released with 2% of its amount
 * as the fee. The ledger stays the whole contract's, each posting tagged with its milestone, and
 * balances per milestone and in all. A cancellation after the first milestone refunds the rest.
 */
const timeScale = 0.00002;
const pin = '2468';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-milestones-'));

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    { dataDir, timeScale, flutterwave: { transferDecideMs: 300 } },
    { pin, seller: 'ms-seller', buyer: 'ms-buyer' },
  ));
}, 120_000);

afterEach(async () => {
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);
type Page = { contract: ContractView; milestones?: MilestoneView[] };
const page = async (id: string, who = buyer) => (await call<Page>(who, `/contracts/${id}`)).body;

/** Waits until milestone `number` of `id` is in `status` (its own contract's), and answers its milestone contract's id. */
async function milestoneIn(id: string, number: number, status: MilestoneView['status'], ms = 30_000): Promise<string> {
  const seen = await eventually(
    () => page(id),
    (p) => p.milestones?.[number - 1]?.status === status,
    ms,
  );
  return String(seen.milestones?.[number - 1]?.contract_id);
}

/** A contract of `amounts` (naira) as milestones, accepted and paid in full by one bank transfer. */
async function fundedWithMilestones(title: string, amounts: number[]): Promise<string> {
  const made = await call<{ id: string }>(seller, '/create-contract', {
    acceptorId: buyer.sub,
    title,
    description: 'A website in stages',
    currency: 'NGN',
    milestones: amounts.map((amount, i) => ({ title: `Stage ${i + 1}`, amount: String(amount) })),
  });
  expect(made.status).toBe(201);
  const id = made.body.id;
  touched.add(id);
  expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
  await payByBankTransfer(cloud, buyer, id, String(amounts.reduce((a, b) => a + b, 0)));
  return id;
}

const deliver = (id: string) => call(seller, '/mark-delivered', { contractId: id, note: 'Sent the files and the staging link.' });
const release = (id: string) => call(seller, '/release-funds', { contractId: id, pin });
const statesOf = (id: string) => executionsOf(cloud).states(id);

/** The postings of the whole contract's ledger made for milestone `number` (untagged: the contract's own). */
async function postingsOf(id: string, number?: number) {
  return (await ledgerOf(id)).filter((p) => (p as { milestone?: number }).milestone === number);
}

describe('a contract in three milestones, funded once', () => {
  it('pays milestone 1 accepted (amount - 2%), splits disputed milestone 2, pays milestone 3 after its inspection lapses; the ledger balances per milestone and in all', async () => {
    const id = await fundedWithMilestones('Shop website', [10_000, 20_000, 30_000]);
    const whole = await page(id, seller);
    expect(whole.contract.value_minor).toBe(6_000_000);
    expect(whole.contract.milestones?.map((m) => [m.number, m.amount_minor])).toEqual([
      [1, 1_000_000],
      [2, 2_000_000],
      [3, 3_000_000],
    ]);

    // Funded once: milestone 1 runs, the others wait their turn.
    const first = await milestoneIn(id, 1, 'fully_funded');
    expect((await page(id)).milestones?.map((m) => m.status)).toEqual(['fully_funded', 'not_started', 'not_started']);
    expect((await page(first, seller)).contract.milestone_of).toEqual({
      contract_id: id,
      number: 1,
      count: 3,
      title: 'Shop website',
    });
    // Both are told by email that the milestone started, with its link.
    for (const person of [seller, buyer])
      await eventually(
        () => emailsTo(cloud.mailboxUrl, person.user.email),
        (emails) =>
          emails.some(
            (e) => e.subject === '"Shop website: Stage 1" has started' && (e.body.text ?? '').includes(`/contracts/${first}`),
          ),
      );
    // The whole contract is never delivered, accepted or disputed itself: each milestone is.
    const wholeDelivery = await deliver(id);
    expect(wholeDelivery.status).toBe(409);
    expect(wholeDelivery.body.error).toBe(milestoneMessages.deliverAMilestone);
    for (const [path, body, who] of [
      ['/mark-contract-completed', { contractId: id }, buyer],
      ['/open-dispute', { contractId: id, reason: 'not_delivered', details: 'Nothing yet' }, buyer],
      ['/release-funds', { contractId: id, pin }, seller],
      [
        '/request-evidence-upload',
        { contractId: id, purpose: 'delivery', name: 'a.png', contentType: 'image/png', size: 10 },
        seller,
      ],
    ] as const) {
      const refused = await call(who, path, body);
      expect(refused, path).toMatchObject({ status: 409, body: { error: milestoneMessages.deliverAMilestone } });
    }

    // Milestone 1: delivered, accepted, released: amount - 2%.
    expect((await deliver(first)).status).toBe(200);
    expect((await call(buyer, '/mark-contract-completed', { contractId: first })).status).toBe(200);
    expect((await release(first)).status).toBe(200);
    await milestoneIn(id, 1, 'completed');
    const paidFirst = await getPayout(first);
    expect(paidFirst).toMatchObject({ status: 'paid', released_minor: 1_000_000, fee_minor: 20_000, payout_minor: 980_000 });
    // Replays of its release change nothing: the same one payout, one transfer.
    await Promise.all([release(first), release(first)]);
    expect(await getPayout(first)).toEqual(paidFirst);

    // Milestone 2: disputed and split (5,000 back to the buyer, 15,000 released); nothing else is frozen.
    const second = await milestoneIn(id, 2, 'fully_funded');
    await deliver(second);
    const opened = await call<DisputeActionResponse>(buyer, '/open-dispute', {
      contractId: second,
      reason: 'not_as_described',
      details: 'The checkout page is missing.',
    });
    expect(opened.status).toBe(200);
    const proposed = await call<DisputeActionResponse>(seller, '/propose-settlement', { contractId: second, refund: '5000' });
    expect(proposed.status).toBe(200);
    const proposal = proposed.body.dispute.proposals.at(-1)?.id;
    expect((await call(buyer, '/accept-settlement', { contractId: second, proposalId: proposal })).status).toBe(200);
    await milestoneIn(id, 2, 'partially_refunded');
    expect(await getPayout(second)).toMatchObject({ status: 'paid', ...payoutFigures(1_500_000) });
    const secondLegs = await listRefundLegs(second);
    expect(secondLegs.map((leg) => [leg.status, leg.amount_minor])).toEqual([['completed', 500_000]]);

    // Milestone 3: delivered, the buyer says nothing: the inspection lapses into acceptance, then it is paid.
    const third = await milestoneIn(id, 3, 'fully_funded');
    await deliver(third);
    await milestoneIn(id, 3, 'payer_marked_satisfied');
    expect((await release(third)).status).toBe(200);
    await milestoneIn(id, 3, 'completed');
    expect(await getPayout(third)).toMatchObject({ status: 'paid', released_minor: 3_000_000, fee_minor: 60_000 });

    // Every milestone ended: the whole contract is completed, its execution ended there.
    await eventually(
      () => page(id),
      (p) => p.contract.status === 'completed',
    );
    const parentStates = await eventually(
      () => statesOf(id),
      (s) => s.at(-1) === 'Completed',
    );
    expect(parentStates).toEqual(expect.arrayContaining(['AwaitFunding', 'Funded', 'AwaitMilestones', 'MilestonesEnded']));
    expect(parentStates).not.toContain('AwaitDelivery');
    for (const [child, end] of [
      [first, 'EndPaid'],
      [second, 'EndSettled'],
      [third, 'EndPaid'],
    ] as const)
      expect(
        await eventually(
          () => statesOf(child),
          (s) => s.includes(end),
        ),
      ).toContain(end);

    // The ledger: every posting is the whole contract's; per milestone each sums to zero, and what
    // left escrow for each is exactly its amount; nothing is held at the end.
    expect(await ledgerOf(first)).toEqual([]);
    for (const [number, amount] of [
      [1, 1_000_000],
      [2, 2_000_000],
      [3, 3_000_000],
    ] as const) {
      const postings = await postingsOf(id, number);
      expect(postings.length).toBeGreaterThan(0);
      for (const p of postings) expect(sumOf(p.lines)).toBe(0);
      const escrowOut = postings.flatMap((p) => p.lines).filter((l) => l.account === 'escrow');
      // Escrow is owed money (a credit): what left it for the milestone is a debit of its amount.
      expect(sumOf(escrowOut)).toBe(amount);
    }
    const summary = await ledgerSummaryOf(id);
    expect(summary).toMatchObject({ paid_in_minor: 6_000_000, held_minor: 0, refunded_minor: 500_000 });
    expect(summary.fees_minor).toBe(20_000 + 30_000 + 60_000);

    // Finance's report: the whole contract's execution, then each milestone's, with its postings.
    const { stdout: report } = await runProgram('npx', ['tsx', 'scripts/executions.ts', id], process.env);
    expect(report).toContain('Milestone 1 of 3: "Stage 1", ₦10,000.00');
    expect(report).toContain(
      'left escrow ₦10,000.00 = fees ₦200.00 + paid out ₦9,800.00 + refund pending ₦0.00 + refunded ₦0.00',
    );
    expect(report).toContain(
      'left escrow ₦20,000.00 = fees ₦300.00 + paid out ₦14,700.00 + refund pending ₦0.00 + refunded ₦5,000.00',
    );
    expect(report).toContain('left escrow ₦30,000.00 = fees ₦600.00 + paid out ₦29,400.00');
    expect(report.match(/the milestone's postings sum to zero/g)).toHaveLength(3);
    expect(report).toContain('the ledger sums to zero');
    expect(report).toMatch(/Dispute: settled/);
    // Asked for by its own id, a milestone's report reads its postings from the whole contract's ledger.
    const { stdout: alone } = await runProgram('npx', ['tsx', 'scripts/executions.ts', first], process.env);
    expect(alone).toContain("Ledger: 1 posting of milestone 1, in the whole contract's ledger");
    expect(alone).toContain('left escrow ₦10,000.00 = fees ₦200.00 + paid out ₦9,800.00');

    // Replays after the end: moving the milestones on again, five at once, changes nothing.
    const before = await snapshotTable(withoutBackgroundItemsOrWorkflowTokens);
    await Promise.all(Array.from({ length: 5 }, () => advanceMilestones(id)));
    expect(snapshotDiff(before, await snapshotTable(withoutBackgroundItemsOrWorkflowTokens))).toEqual([]);
  }, 240_000);

  it('cancelled after milestone 1: milestone 1 stays paid, the one under way and the rest go back to the buyer', async () => {
    const id = await fundedWithMilestones('Kitchen fit-out', [10_000, 20_000, 30_000]);
    const first = await milestoneIn(id, 1, 'fully_funded');
    await deliver(first);
    await call(buyer, '/mark-contract-completed', { contractId: first });
    await release(first);
    await milestoneIn(id, 1, 'completed');
    const second = await milestoneIn(id, 2, 'fully_funded');

    // A milestone is not cancelled alone: the whole contract is.
    const alone = await call(seller, '/cancel-contract', { contractId: second });
    expect(alone.status).toBe(409);
    expect(alone.body.error).toBe(milestoneMessages.cancelTheContract);

    const cancelled = await call<{ message: string; contract: ContractView }>(seller, '/cancel-contract', { contractId: id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.contract.status).toBe('refunding');
    await eventually(
      () => page(id),
      (p) => p.contract.status === 'cancelled' && p.milestones?.[1]?.status === 'cancelled',
      30_000,
    );
    // Milestone 3 never started; milestone 2 sent its own 20,000 back, the contract the 30,000 no milestone took.
    const after = await page(id);
    expect(after.milestones?.map((m) => m.status)).toEqual(['completed', 'cancelled', 'not_started']);
    expect((await listRefundLegs(second)).map((leg) => [leg.status, leg.amount_minor])).toEqual([['completed', 2_000_000]]);
    expect((await listRefundLegs(id)).map((leg) => [leg.status, leg.amount_minor])).toEqual([['completed', 3_000_000]]);
    expect(await getPayout(second)).toBeUndefined();
    const summary = await ledgerSummaryOf(id);
    expect(summary).toMatchObject({ paid_in_minor: 6_000_000, held_minor: 0, refunded_minor: 5_000_000, fees_minor: 20_000 });
    expect(
      await eventually(
        () => statesOf(id),
        (s) => s.at(-1) === 'Settled',
      ),
    ).toContain('AwaitRefunds');
  }, 180_000);

  it('cancelled between two milestones (the next one not started yet): everything no milestone released goes back, and the next never starts', async () => {
    const id = await fundedWithMilestones('Fence in three runs', [10_000, 20_000, 30_000]);
    const first = await milestoneIn(id, 1, 'fully_funded');
    await deliver(first);
    await call(buyer, '/mark-contract-completed', { contractId: first });
    // Milestone 1's last step (which starts milestone 2) is held back, as Lambda holds a throttled function.
    cloud.throttleFunction('task:EndPaid', true);
    try {
      await release(first);
      await milestoneIn(id, 1, 'completed');
      expect((await page(id)).milestones?.map((m) => m.status)).toEqual(['completed', 'not_started', 'not_started']);
      const cancelled = await call<{ message: string; contract: ContractView }>(seller, '/cancel-contract', { contractId: id });
      expect(cancelled.status).toBe(200);
    } finally {
      cloud.throttleFunction('task:EndPaid', false);
    }
    // The held step then runs: the contract is cancelled, so no milestone starts; 50,000 went back from it.
    expect(
      await eventually(
        () => statesOf(first),
        (s) => s.at(-1) === 'Completed',
        60_000,
      ),
    ).toContain('EndPaid');
    await eventually(
      () => page(id),
      (p) => p.contract.status === 'cancelled',
      30_000,
    );
    expect((await page(id)).milestones?.map((m) => m.status)).toEqual(['completed', 'not_started', 'not_started']);
    expect((await listRefundLegs(id)).reduce((sum, leg) => sum + leg.amount_minor, 0)).toBe(5_000_000);
    expect(await ledgerSummaryOf(id)).toMatchObject({ paid_in_minor: 6_000_000, held_minor: 0, refunded_minor: 5_000_000 });
  }, 180_000);

  it('refuses to cancel while the milestone under way is delivered, changing nothing', async () => {
    const id = await fundedWithMilestones('Logo set', [5_000, 5_000]);
    const first = await milestoneIn(id, 1, 'fully_funded');
    await deliver(first);
    const before = await snapshotTable(withoutBackgroundItemsOrWorkflowTokens);
    const refused = await call(seller, '/cancel-contract', { contractId: id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(milestoneMessages.notCancellable);
    expect(snapshotDiff(before, await snapshotTable(withoutBackgroundItemsOrWorkflowTokens))).toEqual([]);
  }, 120_000);

  it('starts each milestone once however many move it on at once', async () => {
    const id = await fundedWithMilestones('Two-part mural', [7_000, 8_000]);
    await Promise.all(Array.from({ length: 6 }, () => advanceMilestones(id)));
    const first = await milestoneIn(id, 1, 'fully_funded');
    // One execution of the milestone (same name, same input: Step Functions answers the same one).
    expect((await executionsOf(cloud).describe(first))?.status).toBe('RUNNING');
    expect(await executionsOf(cloud).describe(`${first}--2`)).toBeUndefined();
    expect((await page(id)).milestones?.map((m) => m.status)).toEqual(['fully_funded', 'not_started']);
  }, 120_000);
});
