import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putItem } from '../../lambdas/core/adapters/dynamodb';
import type { DisputeActionResponse } from '../../lambdas/core/api/disputes';
import type { NotificationsResponse } from '../../lambdas/core/api/notifications';
import {
  disputeMessages,
  maxProposals,
  proposalNoticeMinutes,
  proposalsPerSidePerHour,
  type SplitProposal,
} from '../../lambdas/core/domain/dispute';
import { formatAmount } from '../../lambdas/core/domain/money';
import { getDispute, toItem } from '../../lambdas/core/entities/dispute';
import { tableName } from '../../lambdas/core/entities/table';
import type { LocalCloud } from '../../lib/local/index';
import { startDealCloud } from '../support/deal-cloud';
import { fundedContract } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { emailsTo } from '../support/mailbox';

/**
 * Settlement proposals sent in a flood, against the local cloud: of many sent at once, exactly as
 * many are made as the side's hourly limit and the dispute's cap allow (both counted on the
 * dispute each write is conditional on), the rest refused with when to try again; and the other
 * side is told once per window, the notification always showing the latest proposal.
 */
const pin = '4417';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-proposals-'));

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud({ dataDir }, { pin }));
}, 120_000);

afterEach(async () => {
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);

/** A contract of ₦40,000 paid in full by the buyer, under dispute (opened by the buyer); answers its id and title. */
async function disputedContract(): Promise<{ id: string; title: string }> {
  const title = `Sofa ${touched.size + 1}`;
  const { id } = await fundedContract(
    cloud,
    seller,
    buyer,
    { title, description: 'Blue, three seats', value: '40000' },
    { touched },
  );
  const opened = await call(buyer, '/open-dispute', { contractId: id, reason: 'damaged_or_defective', details: 'Torn' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { id, title };
}

const propose = (who: SignedInPerson, contractId: string, refund: string) =>
  call<DisputeActionResponse>(who, '/propose-settlement', { contractId, refund });

/** `who`'s notifications of new proposals on the contract, and their unread count. */
async function proposalNotes(who: SignedInPerson, contractId: string) {
  const { notifications, unread_count } = (await call<NotificationsResponse>(who, '/notifications')).body;
  const notes = notifications.filter((n) => n.title === 'New settlement proposal' && n.contract_id === contractId);
  return { notes, unread_count };
}

/** The emails `who` received about proposals on the contract titled `title`. */
const proposalEmails = async (who: SignedInPerson, title: string) =>
  (await emailsTo(cloud.mailboxUrl, who.user.email)).filter(
    (e) => e.subject === `Dispute on "${title}"` && (e.body.text ?? '').includes('proposes to settle'),
  );

/** The words a notification uses for a proposal of `refundMinor` back to the buyer. */
const backToBuyer = (refundMinor: number) => `${formatAmount(refundMinor, 'NGN')} back to the buyer`;

/** How many replies had each status and error. */
function tally(replies: Array<{ status: number; body: { error?: string } }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of replies) {
    const key = `${status} ${body.error ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('a flood of settlement proposals', () => {
  it('of 40 sent at once by one side, makes exactly the hourly limit and refuses the rest (429) saying when to propose again; the seller is told once, of the latest', async () => {
    const { id, title } = await disputedContract();
    const before = await proposalNotes(seller, id);
    expect(before.notes).toEqual([]);

    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => propose(buyer, id, String(1_000 + i))));

    // Each refusal is for the limit, never "changed meanwhile" for having been sent at the same moment.
    expect(tally(replies)).toEqual({
      '200': proposalsPerSidePerHour,
      [`429 ${disputeMessages.proposalsThisHour(60)}`]: 40 - proposalsPerSidePerHour,
    });
    const proposals = (await getDispute(id))?.proposals ?? [];
    expect(proposals).toHaveLength(proposalsPerSidePerHour);
    expect(proposals.every((p) => p.by === 'payer')).toBe(true);
    const latest = proposals.at(-1) as SplitProposal;

    // One notification and one email for the seller, the notification naming the latest proposal.
    const after = await proposalNotes(seller, id);
    expect(after.notes).toHaveLength(1);
    expect(after.notes[0]).toMatchObject({ read: false });
    expect(after.notes[0]?.body).toContain(backToBuyer(latest.refund_minor));
    expect(after.unread_count).toBe(before.unread_count + 1);
    expect(await proposalEmails(seller, title)).toHaveLength(1);

    // The limit holds for the buyer's side after the flood too, and is the buyer's alone: the seller may answer.
    const again = await propose(buyer, id, '2000');
    expect(again.status).toBe(429);
    expect(again.body.error).toBe(disputeMessages.proposalsThisHour(60));
    const counter = await propose(seller, id, '3000');
    expect(counter.status, JSON.stringify(counter.body)).toBe(200);
    expect((await proposalNotes(buyer, id)).notes).toHaveLength(1);
    expect(await proposalEmails(buyer, title)).toHaveLength(1);
  });

  it(`brings the window’s notification back, unread and naming the latest proposal, when the person had read it: no second email until ${proposalNoticeMinutes} minutes have passed`, async () => {
    const { id, title } = await disputedContract();
    expect((await propose(seller, id, '5000')).status).toBe(200);
    const first = await proposalNotes(buyer, id);
    expect(first.notes).toHaveLength(1);
    const read = await call(buyer, `/notifications/${first.notes[0]?.id}/read`, {});
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const readCount = (await proposalNotes(buyer, id)).unread_count;

    const second = await propose(seller, id, '7500');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const now = await proposalNotes(buyer, id);
    expect(now.notes).toHaveLength(1);
    expect(now.notes[0]).toMatchObject({ read: false });
    expect(now.notes[0]?.id).not.toBe(first.notes[0]?.id);
    expect(now.notes[0]?.body).toContain(backToBuyer(750_000));
    expect(now.unread_count).toBe(readCount + 1);
    // While it is unread, a third replaces it without counting it twice.
    expect((await propose(seller, id, '9000')).status).toBe(200);
    const third = await proposalNotes(buyer, id);
    expect(third.notes.map((n) => n.body)).toEqual([expect.stringContaining(backToBuyer(900_000))]);
    expect(third.unread_count).toBe(readCount + 1);
    expect(await proposalEmails(buyer, title)).toHaveLength(1);

    // Once the window has passed (moved back here rather than waited for), the next proposal is a new notification and email.
    const dispute = await getDispute(id);
    const notice = dispute?.proposal_notices?.[buyer.sub];
    if (!dispute || !notice) throw new Error('the buyer was not told');
    const windowAgo = new Date(Date.now() - proposalNoticeMinutes * 60_000).toISOString();
    await putItem({
      TableName: tableName(),
      Item: toItem({ ...dispute, proposal_notices: { [buyer.sub]: { ...notice, first_at: windowAgo } } }),
    });
    expect((await propose(seller, id, '10000')).status).toBe(200);
    const fourth = await proposalNotes(buyer, id);
    expect(fourth.notes.map((n) => n.body)).toEqual([
      expect.stringContaining(backToBuyer(1_000_000)),
      expect.stringContaining(backToBuyer(900_000)),
    ]);
    expect(fourth.unread_count).toBe(readCount + 2);
    expect(await proposalEmails(buyer, title)).toHaveLength(2);
  });

  it(`keeps the dispute's cap of ${maxProposals} when both sides race for its last places: exactly those are made, the rest refused (409)`, async () => {
    const { id } = await disputedContract();
    // A dispute opened three hours ago whose earlier hours' proposals fill it to 3 short of its cap.
    const dispute = await getDispute(id);
    if (!dispute) throw new Error('no dispute');
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    const seeded: SplitProposal[] = Array.from({ length: maxProposals - 3 }, (_, i) => ({
      id: `seed-${String(i).padStart(2, '0')}`,
      by: i % 2 ? 'creator' : 'payer',
      refund_minor: 100_000 + i,
      created_at: hoursAgo(3 - i / maxProposals),
    }));
    await putItem({ TableName: tableName(), Item: toItem({ ...dispute, opened_at: hoursAgo(3), proposals: seeded }) });

    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => propose(i % 2 ? seller : buyer, id, String(2_000 + i))),
    );
    expect(tally(replies)).toEqual({ '200': 3, [`409 ${disputeMessages.tooManyProposals}`]: 37 });
    expect((await getDispute(id))?.proposals).toHaveLength(maxProposals);
    const late = await propose(seller, id, '1');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(disputeMessages.tooManyProposals);
  });
});
