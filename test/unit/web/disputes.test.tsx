// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import { disputeMessages } from '@escrow/domain/dispute';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextAction, timelineSteps } from '../../../web/src/features/contracts/timeline';
import { ContractPage } from '../../../web/src/pages/contracts/contract-page';
import { MyContractDetailsPage } from '../../../web/src/pages/contracts/my-contract-details-page';
import { fakeApi, reply } from './fake-api';
import { click, renderSignedInAt } from './providers';
import { delivered, openDispute, proposedByBuyer, settled } from './wedding-deal';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

// The signed-in user (providers' `signedIn`) is u1: the buyer here, or the seller where a test says so.
const disputed: ContractView = { ...delivered, status: 'disputed' };

const people = [
  { id: 'seller-1', full_name: 'Ada Obi', username: null },
  { id: 'u1', full_name: 'Bola Ade', username: null },
];

const api = fakeApi();

/** The buyer's contract page for `contract`, with `dispute` as the server's answer. */
async function buyerPage(contract: ContractView, dispute: DisputeView | null = null) {
  api.on('POST', '/get-contract-for-acceptor', reply({ ...contract }));
  api.on('GET', '/contracts/c1', reply({ contract, people }));
  api.on('GET', '/contracts/c1/dispute', reply({ dispute }));
  await renderSignedInAt('/contracts/c1', <Route path="/contracts/:contractId" element={<ContractPage />} />);
}

/** The seller's contract page (u1 is then the creator). */
async function sellerPage(contract: ContractView, dispute: DisputeView | null) {
  const mine = { ...contract, creator_id: 'u1', acceptor_id: 'buyer-1', payer_user_ids: ['buyer-1'], accepted_by: ['buyer-1'] };
  api.on('GET', '/contracts/c1', reply({ contract: mine, people }));
  api.on('GET', '/contracts/c1/dispute', reply({ dispute: dispute && { ...dispute, your_side: 'creator' } }));
  await renderSignedInAt(
    '/my-contract-details/c1',
    <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
  );
  return mine;
}

const type = async (label: string | RegExp, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
};

beforeEach(() => {
  api.install();
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('where a contract stands', () => {
  it('names the deadline of the side that must act: the delivery, then the inspection', () => {
    const funded = { ...delivered, status: 'fully_funded', delivered_at: null, inspection_ends_at: null } as const;
    expect(nextAction(funded, 'payer', null)).toMatch(/^Waiting for the seller to deliver by Oct 8, 2025/);
    expect(nextAction(funded, 'creator', null)).toMatch(
      /^Your turn: deliver by Oct 8, 2025, .*, then mark the contract as delivered\.$/,
    );
    expect(nextAction(delivered, 'payer', null)).toMatch(
      /^Your turn: inspect the delivery and mark it completed or open a dispute by Oct 5, 2025/,
    );
    expect(nextAction(delivered, 'creator', null)).toMatch(/^Waiting for the buyer to inspect the delivery by Oct 5, 2025/);
  });

  it('in a dispute, waits for the side that did not make the latest proposal', () => {
    expect(nextAction(disputed, 'payer', proposedByBuyer)).toBe('Waiting for the seller to respond to your proposal.');
    expect(nextAction(disputed, 'creator', { ...proposedByBuyer, your_side: 'creator' })).toMatch(
      /^Your turn: accept the buyer's proposal or propose another split by/,
    );
    expect(nextAction(disputed, 'payer', { ...openDispute, status: 'awaiting_ops' })).toMatch(/^Our team will decide/);
  });

  it('lists only the steps that happened, then the next one', () => {
    const labels = (contract: ContractView, dispute: DisputeView | null = null) =>
      timelineSteps(contract, dispute).map((step) => `${step.state}: ${step.label}`);
    expect(labels({ ...delivered, status: 'pending', amount_paid_minor: 0, accepted_by: [], delivered_at: null })).toEqual([
      'done: Created',
      'next: Accepted by the buyer',
    ]);
    expect(labels(delivered)).toEqual([
      'done: Created',
      'done: Accepted',
      'done: Paid ₦50,000.00',
      'done: Delivered',
      'next: Inspection ends',
    ]);
    expect(labels({ ...delivered, status: 'settling' }, settled).slice(4)).toEqual([
      'done: Disputed',
      'done: Settled by agreement',
      'next: ₦20,000.00 refunded to the buyer',
      'next: ₦29,400.00 paid to the seller',
    ]);
    expect(labels({ ...delivered, status: 'partially_refunded' }, settled).slice(-2)).toEqual([
      'done: ₦20,000.00 refunded to the buyer',
      'done: ₦29,400.00 paid to the seller',
    ]);
  });
});

describe("the buyer's contract page", () => {
  it('keeps Accept / Reject for a pending contract, asking nothing more', async () => {
    await buyerPage({ ...delivered, status: 'pending', payer_user_ids: [], amount_paid_minor: 0 });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(api.callsTo('GET', '/contracts/c1')).toEqual([]);
    expect(api.callsTo('GET', '/contracts/c1/dispute')).toEqual([]);
  });

  it('shows the deal, the seller, what was delivered and Mark as Completed naming the seller', async () => {
    await buyerPage(delivered);
    expect(screen.getByText('Ada Obi')).toBeTruthy();
    expect(screen.getByText(/Gallery link sent/)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')).toHaveLength(5);
    await click('Mark as Completed');
    expect(screen.getByRole('dialog').textContent).toContain('Ada Obi');
    // Nothing disputed yet: the dispute is not asked for.
    expect(api.callsTo('GET', '/contracts/c1/dispute')).toEqual([]);
  });

  it('before delivery, offers Mark as Completed only as accepting early, below the wait for the seller', async () => {
    await buyerPage({ ...delivered, status: 'fully_funded', delivered_at: null, delivery_note: null, inspection_ends_at: null });
    expect(screen.getByText(/^Waiting for the seller to deliver/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).toBeNull();
    const early = screen.getByTestId('accept-early');
    expect(early.textContent).toContain('The usual way is to wait for the delivery, check it, then mark the contract completed.');
    await click('Mark as Completed before delivery');
    const dialog = screen.getByRole('dialog', { name: 'Mark as Completed before delivery?' });
    expect(dialog.textContent).toContain('The seller has not marked it delivered yet.');
    expect(dialog.textContent).toContain('Ada Obi');
  });

  it("opens a dispute: refuses an empty form field by field, focusing the first, then sends the reason's code", async () => {
    api.on('POST', '/open-dispute', reply({ dispute: openDispute, contract: disputed }));
    await buyerPage(delivered);
    await click('Open a dispute');
    await click('Open Dispute');
    expect(screen.getByText('Please choose the reason for the dispute.')).toBeTruthy();
    expect(screen.getByText('Please describe what went wrong.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
    expect(api.callsTo('POST', '/open-dispute')).toEqual([]);

    await type('Reason', 'incomplete');
    await type('What went wrong', ' Only 120 of 300 photos ');
    await click('Open Dispute');
    // As typed: the server trims it with the same schema.
    expect(api.callsTo('POST', '/open-dispute').map((call) => call.body)).toEqual([
      { contractId: 'c1', reason: 'incomplete', details: ' Only 120 of 300 photos ' },
    ]);
    expect(await screen.findByText('Your dispute is open. The money stays in escrow until it is settled.')).toBeTruthy();
    expect(screen.getByText('Only part was delivered')).toBeTruthy();
  });

  it("shows the server's refusal to open a dispute as it says it", async () => {
    api.on('POST', '/open-dispute', reply({ error: 'This contract already has a dispute.' }, 409));
    await buyerPage(delivered);
    await click('Open a dispute');
    await type('Reason', 'other');
    await type('What went wrong', 'Wrong colour');
    await click('Open Dispute');
    expect(screen.getByRole('alert').textContent).toBe('This contract already has a dispute.');
  });

  it('previews a split as it is typed, refuses more than is held, and proposes the amount as typed', async () => {
    api.on('POST', '/propose-settlement', reply({ dispute: proposedByBuyer, contract: disputed }));
    await buyerPage(disputed, openDispute);
    await screen.findByText('No proposals yet. Either side may propose how to split the money.');
    await type(/Amount back to the buyer/, '60000');
    expect(screen.getByText(/cannot be more than what is held in escrow \(₦50,000\.00\)/)).toBeTruthy();
    await type(/Amount back to the buyer/, '20000');
    expect(
      screen.getByText('₦20,000.00 back to the buyer · ₦30,000.00 to the seller (₦29,400.00 after the 2% fee)'),
    ).toBeTruthy();
    await click('Propose this split');
    expect(api.callsTo('POST', '/propose-settlement').map((call) => call.body)).toEqual([{ contractId: 'c1', refund: '20000' }]);
    expect(await screen.findByText('Waiting for the seller to respond to your proposal.')).toBeTruthy();
    // Your own proposal cannot be accepted by you, and only the seller refunds in full.
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund in full' })).toBeNull();
  });

  it("shows the server's refusal of a proposal past the hour's limit, with when to propose again, and keeps the amount typed", async () => {
    const refusal = disputeMessages.proposalsThisHour(42);
    api.on('POST', '/propose-settlement', reply({ error: refusal }, 429));
    await buyerPage(disputed, proposedByBuyer);
    await type(/Amount back to the buyer/, '15000');
    await click('Propose this split');
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect((screen.getByLabelText(/Amount back to the buyer/) as HTMLInputElement).value).toBe('15000');
  });

  it('refuses a split it cannot read under the amount, focusing it, and proposes nothing', async () => {
    await buyerPage(disputed, openDispute);
    await screen.findByText('No proposals yet. Either side may propose how to split the money.');
    await click('Propose this split');
    const amount = screen.getByLabelText(/Amount back to the buyer/);
    expect(screen.getByText('The amount back to the buyer must be a whole amount of at least 0.00.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);

    await type(/Amount back to the buyer/, '12.');
    await click('Propose this split');
    expect(screen.getByText('Amount must be a number, such as 85000 or 85,000.50.')).toBeTruthy();
    await type(/Amount back to the buyer/, 'abc');
    expect(screen.getAllByText('Amount must be a number, such as 85000 or 85,000.50.')).toHaveLength(1);
    expect(screen.queryByText(/back to the buyer ·/)).toBeNull();
    expect(api.callsTo('POST', '/propose-settlement')).toEqual([]);
  });

  it('says where the money is: on its way while settling, then done', async () => {
    await buyerPage({ ...delivered, status: 'settling' }, settled);
    expect(
      await screen.findByText(
        '₦20,000.00 is being refunded to you and ₦29,400.00 is being paid to the seller. This page updates by itself.',
      ),
    ).toBeTruthy();
    cleanup();
    await buyerPage({ ...delivered, status: 'partially_refunded' }, settled);
    expect(await screen.findByText('Done: ₦20,000.00 refunded to you and ₦29,400.00 paid to the seller.')).toBeTruthy();
  });
});

describe("the seller's side of a dispute", () => {
  it("accepts the buyer's latest proposal by its id, after a confirmation", async () => {
    const mine = await sellerPage(disputed, proposedByBuyer);
    api.on(
      'POST',
      '/accept-settlement',
      reply({ dispute: { ...settled, your_side: 'creator' }, contract: { ...mine, status: 'settling' } }),
    );
    await screen.findByText(/Your turn: accept the buyer's proposal/);
    await click('Accept');
    expect(api.callsTo('POST', '/accept-settlement')).toEqual([]);
    await click('Yes, Accept');
    expect(api.callsTo('POST', '/accept-settlement').map((call) => call.body)).toEqual([{ contractId: 'c1', proposalId: 'p1' }]);
    expect(await screen.findByText('You accepted the proposal: the dispute is settled.')).toBeTruthy();
    expect(
      screen.getByText(
        '₦29,400.00 (₦30,000.00 less the ₦600.00 fee) is being paid to your bank account and ₦20,000.00 is being refunded to the buyer. This page updates by itself.',
      ),
    ).toBeTruthy();
  });

  it('tells a seller with no bank details that their payout waits for them, with the way to add them, not that it is being paid', async () => {
    const waiting = {
      ...settled,
      settlement: settled.settlement && { ...settled.settlement, payout_waits_for_bank_details: true },
    };
    await sellerPage({ ...delivered, status: 'settling' }, waiting);
    expect(
      await screen.findByText(
        /₦29,400.00 \(₦30,000.00 less the ₦600.00 fee\) will be paid to your bank account once you add your bank details and ₦20,000.00 is being refunded to the buyer\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/is being paid to your bank account/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Add your bank details' }).getAttribute('href')).toBe(
      '/bank-info?returnTo=%2Fmy-contract-details%2Fc1',
    );
    expect(screen.getByText('Your turn: add your bank details in My Account, so your payout can be sent.')).toBeTruthy();
  });

  it('refunds in full only after a dialog naming the amount, and shows a refusal', async () => {
    await sellerPage(disputed, openDispute);
    api.on('POST', '/refund-in-full', reply({ error: 'This contract is currently "settling" and has no open dispute.' }, 409));
    await click('Refund in full');
    const dialog = screen.getByRole('dialog', { name: 'Refund the buyer in full?' });
    expect(dialog.textContent).toContain('All ₦50,000.00 held in escrow goes back to the buyer');
    expect(document.activeElement?.textContent).toBe('Not Yet');
    await click('Yes, Refund ₦50,000.00');
    expect(api.callsTo('POST', '/refund-in-full').map((call) => call.body)).toEqual([{ contractId: 'c1' }]);
    expect(screen.getByRole('alert').textContent).toBe('This contract is currently "settling" and has no open dispute.');
  });
});
