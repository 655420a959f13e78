// @vitest-environment happy-dom

import { pinMessages } from '@escrow/api/account';
import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import type { ContractAnalytics, PayoutView } from '@escrow/api/payouts';
import type { DisputeSide } from '@escrow/domain/dispute';
import { type ContractStatus, contractStatuses } from '@escrow/domain/escrow-contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyerAcceptance } from '../../../web/src/features/contracts/completion';
import { payoutEntry } from '../../../web/src/features/contracts/fund-release';
import { nextAction, yourTurn } from '../../../web/src/features/contracts/timeline';
import { formatDateTime } from '../../../web/src/lib/format';
import { ContractPage } from '../../../web/src/pages/contracts/contract-page';
import { MyContractDetailsPage } from '../../../web/src/pages/contracts/my-contract-details-page';
import { ViewContractsPage } from '../../../web/src/pages/contracts/view-contracts-page';
import { fakeApi, reply } from './fake-api';
import { click, renderSignedInAt } from './providers';
import { openDispute as buyersOpenDispute, delivered, split as splitOf } from './wedding-deal';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

/**
 * Every "Your turn" line has its action beside it, on the buyer's and on the seller's contract
 * page: the seller's release with the payment PIN where it says "release the funds"; Fund Release
 * only where a release can be asked for; an inspection that lapsed told as such.
 */

// The signed-in user (providers' `signedIn`) is u1: the seller here, or the buyer where a test says so.
const satisfied: ContractView = {
  ...delivered,
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  status: 'payer_marked_satisfied',
  payer_user_ids: ['buyer-1'],
  marked_as_cc: 'buyer-1',
  accepted_by: ['buyer-1'],
};
const people = [
  { id: 'u1', full_name: 'Ada Obi', username: null },
  { id: 'buyer-1', full_name: 'Bola Ade', username: null },
];
const payout: PayoutView = {
  status: 'not_requested',
  released_minor: 5_000_000,
  fee_minor: 100_000,
  payout_minor: 4_900_000,
  reference: null,
  provider_message: null,
  bank_code: '058',
  account_number: '0690000031',
  account_name: 'ADA OBI',
  paid_at: null,
};
const releaseMessage = 'Release requested. Your payout is on its way to your bank account.';

const openDispute: DisputeView = { ...buyersOpenDispute, your_side: 'creator' };
const split = splitOf(2_000_000);
const proposedBy = (by: DisputeSide, yourSide: DisputeSide): DisputeView => ({
  ...openDispute,
  your_side: yourSide,
  proposals: [{ id: 'p1', by, created_at: '2025-10-03T11:00:00.000Z', ...split }],
});

/** Settled, with the seller's payout waiting for the bank details they have not given. */
const settledWaitingForBankDetails: DisputeView = {
  ...proposedBy('payer', 'creator'),
  status: 'settled',
  settlement: {
    source: 'agreement',
    proposal_id: 'p1',
    reason: null,
    settled_at: '2025-10-03T12:00:00.000Z',
    ...split,
    payout_waits_for_bank_details: true,
  },
};

const api = fakeApi();

/** The seller's page of `contract` (u1 its creator), with `dispute` and `analytics` as the server's answers. */
async function sellerPage(
  contract: Partial<ContractView> = {},
  { dispute = null, analytics = {} }: { dispute?: DisputeView | null; analytics?: Partial<PayoutView> } = {},
) {
  const mine = { ...satisfied, ...contract };
  const answer: ContractAnalytics = { contract: mine, payout: { ...payout, ...analytics } };
  api.on('GET', '/contracts/c1', reply({ contract: mine, people }));
  api.on('GET', '/contracts/c1/dispute', reply({ dispute }));
  api.on('GET', '/contracts/c1/analytics', reply(answer));
  await renderSignedInAt(
    '/my-contract-details/c1',
    <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
  );
  await act(async () => {});
}

/** The buyer's page of `contract` (u1 its payer, Ada its seller). */
async function buyerPage(contract: Partial<ContractView>, dispute: DisputeView | null = null) {
  const theirs: ContractView = {
    ...satisfied,
    creator_id: 'seller-1',
    acceptor_id: 'u1',
    payer_user_ids: ['u1'],
    accepted_by: ['u1'],
    marked_as_cc: null,
    ...contract,
  };
  api.on('POST', '/get-contract-for-acceptor', reply({ ...theirs }));
  api.on(
    'GET',
    '/contracts/c1',
    reply({ contract: theirs, people: [...people, { id: 'seller-1', full_name: 'Ada Obi', username: null }] }),
  );
  api.on('GET', '/contracts/c1/dispute', reply({ dispute }));
  await renderSignedInAt('/contracts/c1', <Route path="/contracts/:contractId" element={<ContractPage />} />);
  await act(async () => {});
}

const progress = () => screen.getByRole('region', { name: 'Progress' });

/**
 * The "Your turn" line, and `action` found in the Progress section between it and the timeline:
 * beside the line, before the steps.
 */
function besideYourTurn(action: HTMLElement) {
  const line = within(progress()).getByText(/^Your turn: /);
  const timeline = within(progress()).getByRole('list', { name: 'Timeline' });
  expect(progress().contains(action)).toBe(true);
  expect(line.compareDocumentPosition(action) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(action.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

const typePin = (pin: string) => fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: pin } });

beforeEach(() => {
  api.install();
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('whose turn it is', () => {
  const disputes: Array<DisputeView | null> = [
    null,
    openDispute,
    proposedBy('payer', 'creator'),
    proposedBy('creator', 'creator'),
    { ...proposedBy('payer', 'creator'), status: 'awaiting_ops' },
    settledWaitingForBankDetails,
  ];
  const cases = contractStatuses.flatMap((status) =>
    (['creator', 'payer'] as const).flatMap((side) =>
      [null, 'buyer-1'].flatMap((requested) => disputes.map((dispute) => ({ status, side, requested, dispute }))),
    ),
  );

  it('names an action exactly when the line says "Your turn", for every status, side, cancellation request and dispute', () => {
    for (const { status, side, requested, dispute } of cases) {
      const contract = { ...satisfied, status, cancellation_requested_by: requested };
      const line = nextAction(contract, side, dispute);
      expect(yourTurn(contract, side, dispute) !== null, `${side} ${status} ${requested} ${dispute?.status}: ${line}`).toBe(
        line.startsWith('Your turn'),
      );
    }
  });

  it('is the seller’s release once the buyer is satisfied, and nobody’s once it was asked for', () => {
    expect(yourTurn(satisfied, 'creator', null)).toBe('release');
    expect(yourTurn(satisfied, 'payer', null)).toBeNull();
    expect(yourTurn({ ...satisfied, status: 'releasing' }, 'creator', null)).toBeNull();
  });
});

describe("the seller's release on the contract page", () => {
  it('puts the payment PIN and Release Funds beside "Your turn: release the funds", saying what is paid and where', async () => {
    await sellerPage();
    expect(within(progress()).getByText('Your turn: release the funds to your bank account.')).toBeTruthy();
    besideYourTurn(screen.getByLabelText('Payment PIN'));
    besideYourTurn(screen.getByRole('button', { name: 'Release Funds' }));
    expect(
      screen.getByText(
        'You receive ₦49,000.00 (₦50,000.00 less the 2% fee), paid to Guaranty Trust Bank · ******0031 · ADA OBI. Enter your payment PIN to release it.',
      ),
    ).toBeTruthy();
  });

  it('releases with the PIN, sending only the contract and the PIN, and then says the payout is on its way', async () => {
    api.on('POST', '/release-funds', reply({ message: releaseMessage, contract: { ...satisfied, status: 'releasing' } }));
    await sellerPage();
    typePin('2580');
    await click('Release Funds');
    expect(api.callsTo('POST', '/release-funds').map((call) => call.body)).toEqual([{ contractId: 'c1', pin: '2580' }]);
    expect(screen.getByRole('status').textContent).toBe(releaseMessage);
    expect(within(progress()).getByText('Your payout is on its way to your bank account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
  });

  it('tells a wrong PIN under the PIN box, empties and focuses it, and lets the seller try again', async () => {
    api.on('POST', '/release-funds', reply({ error: pinMessages.wrong }, 400));
    await sellerPage();
    typePin('9999');
    await click('Release Funds');
    const box = screen.getByLabelText('Payment PIN') as HTMLInputElement;
    const describedBy = box.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(pinMessages.wrong);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    // Told where it was typed, not as a banner.
    expect(screen.queryByRole('alert')).toBeNull();

    api.on('POST', '/release-funds', reply({ message: releaseMessage, contract: { ...satisfied, status: 'releasing' } }));
    typePin('2580');
    await click('Release Funds');
    expect(screen.getByRole('status').textContent).toBe(releaseMessage);
  });

  it('leads to setting a PIN, and back to the contract, when none is set yet', async () => {
    api.on('POST', '/release-funds', reply({ error: pinMessages.notSet }, 409));
    await sellerPage();
    typePin('1234');
    await click('Release Funds');
    expect(screen.getByRole('alert').textContent).toContain(pinMessages.notSet);
    expect(screen.getByRole('link', { name: 'Set Payment PIN' }).getAttribute('href')).toBe(
      `/reset-pin?returnTo=${encodeURIComponent('/my-contract-details/c1')}`,
    );
  });

  it('leads to adding bank details, and back to the contract, when none are on file', async () => {
    await sellerPage({}, { analytics: { bank_code: null, account_number: null, account_name: null } });
    const link = screen.getByRole('link', { name: 'Add Bank Information' });
    besideYourTurn(link);
    expect(link.getAttribute('href')).toBe(`/bank-info?returnTo=${encodeURIComponent('/my-contract-details/c1')}`);
    expect(screen.queryByRole('button', { name: 'Release Funds' })).toBeNull();
  });

  it('asks nothing of the payout before the buyer is satisfied', async () => {
    await sellerPage({ status: 'delivered', marked_as_cc: null });
    expect(screen.queryByLabelText('Payment PIN')).toBeNull();
    expect(api.callsTo('GET', '/contracts/c1/analytics')).toEqual([]);
  });
});

describe('every "Your turn" line has its action beside it', () => {
  it('seller, fully funded: Mark as Delivered', async () => {
    await sellerPage({ status: 'fully_funded', marked_as_cc: null, delivered_at: null, inspection_ends_at: null });
    besideYourTurn(screen.getByRole('button', { name: 'Mark as Delivered' }));
  });

  it("seller, the buyer asked to cancel: a link to the request's answer, and Mark as Delivered", async () => {
    await sellerPage({
      status: 'fully_funded',
      marked_as_cc: null,
      delivered_at: null,
      inspection_ends_at: null,
      cancellation_requested_by: 'buyer-1',
    });
    const link = screen.getByRole('link', { name: "Answer the buyer's request" });
    besideYourTurn(link);
    besideYourTurn(screen.getByRole('button', { name: 'Mark as Delivered' }));
    const section = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
    expect(within(section as HTMLElement).getByRole('button', { name: 'Agree and cancel' })).toBeTruthy();
  });

  it("seller, the buyer's proposal: a link to it", async () => {
    await sellerPage({ status: 'disputed', marked_as_cc: null }, { dispute: proposedBy('payer', 'creator') });
    const link = screen.getByRole('link', { name: 'See the proposal' });
    besideYourTurn(link);
    const section = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
    expect(within(section as HTMLElement).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it.each(['active', 'in_escrow'] as const)('buyer, %s: Proceed to Payment', async (status) => {
    await buyerPage({ status, amount_paid_minor: status === 'active' ? 0 : 1_000_000, delivered_at: null });
    const link = screen.getByRole('link', { name: 'Proceed to Payment' });
    besideYourTurn(link);
    expect(link.getAttribute('href')).toBe('/escrow-payment/c1');
  });

  it('buyer, delivered: Mark as Completed, and a way to report a problem', async () => {
    await buyerPage({ status: 'delivered' });
    besideYourTurn(screen.getByRole('button', { name: 'Mark as Completed' }));
    const link = screen.getByRole('link', { name: 'Report a problem' });
    besideYourTurn(link);
    const section = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
    expect(within(section as HTMLElement).getByRole('button', { name: 'Open a dispute' })).toBeTruthy();
  });

  it("buyer, the seller's proposal: a link to it", async () => {
    await buyerPage({ status: 'disputed' }, proposedBy('creator', 'payer'));
    besideYourTurn(screen.getByRole('link', { name: 'See the proposal' }));
  });

  it('buyer waiting on the seller: no action beside the line, and Mark as Completed offered apart as accepting early', async () => {
    await buyerPage({ status: 'fully_funded', delivered_at: null, inspection_ends_at: null });
    expect(within(progress()).queryByText(/^Your turn/)).toBeNull();
    const mark = screen.getByRole('button', { name: 'Mark as Completed before delivery' });
    expect(progress().contains(mark)).toBe(false);
  });
});

describe("the seller's settlement payout without bank details", () => {
  it('puts Add Bank Information beside "Your turn: add your bank details", returning to the contract', async () => {
    await sellerPage({ status: 'settling' }, { dispute: settledWaitingForBankDetails });
    expect(
      within(progress()).getByText('Your turn: add your bank details in My Account, so your payout can be sent.'),
    ).toBeTruthy();
    const add = within(progress()).getByRole('link', { name: 'Add Bank Information' });
    besideYourTurn(add);
    expect(add.getAttribute('href')).toBe('/bank-info?returnTo=%2Fmy-contract-details%2Fc1');
  });
});

describe("the seller's Fund Release", () => {
  it('is offered only while a release can be asked for; the payout is shown once asked for; else nothing', () => {
    const entries = Object.fromEntries(contractStatuses.map((status) => [status, payoutEntry(status)]));
    expect(entries).toEqual({
      pending: null,
      active: null,
      in_escrow: null,
      fully_funded: null,
      delivered: null,
      payer_marked_satisfied: 'release',
      releasing: 'payout',
      completed: 'payout',
      disputed: null,
      settling: null,
      refunding: null,
      refunded: null,
      partially_refunded: null,
      cancelled: null,
    } satisfies Record<ContractStatus, ReturnType<typeof payoutEntry>>);
  });

  it('shows Fund Release in My Contracts on the satisfied contract only, and Payout details on a released one', async () => {
    const listed = (id: string, title: string, status: ContractStatus) => ({ ...satisfied, id, title, status });
    api.on(
      'GET',
      '/contracts',
      reply({
        contracts: [
          listed('a', 'Unpaid', 'active'),
          listed('b', 'Satisfied', 'payer_marked_satisfied'),
          listed('c', 'Paid out', 'completed'),
          listed('d', 'Called off', 'cancelled'),
        ],
      }),
    );
    await renderSignedInAt('/view-contracts', <Route path="/view-contracts" element={<ViewContractsPage />} />);
    const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li') as HTMLElement);
    expect(screen.getAllByRole('link', { name: 'Fund Release' }).map((link) => link.getAttribute('href'))).toEqual([
      '/contract-analytics/b',
    ]);
    expect(card('Paid out').getByRole('link', { name: 'Payout details' }).getAttribute('href')).toBe('/contract-analytics/c');
    for (const title of ['Unpaid', 'Called off'])
      expect(card(title).queryByRole('link', { name: /Fund Release|Payout details/ })).toBeNull();
  });
});

describe('how the buyer accepted', () => {
  it('names who marked it completed, and a lapsed inspection as ended without objection', () => {
    expect(buyerAcceptance(satisfied, null)).toEqual({ kind: 'marked', by: 'buyer-1' });
    const lapsed = { ...satisfied, marked_as_cc: null };
    expect(buyerAcceptance(lapsed, null)).toEqual({ kind: 'lapsed', at: '2025-10-05T10:00:00.000Z' });
    expect(buyerAcceptance({ ...lapsed, status: 'releasing' }, null)).toEqual({ kind: 'lapsed', at: lapsed.inspection_ends_at });
    expect(buyerAcceptance({ ...lapsed, status: 'completed' }, null)).toEqual({ kind: 'lapsed', at: lapsed.inspection_ends_at });
    expect(buyerAcceptance({ ...lapsed, status: 'delivered' }, null)).toEqual({ kind: 'not_yet' });
    // Completed through a settled dispute, or its dispute not known yet: not an acceptance at all.
    expect(buyerAcceptance({ ...lapsed, status: 'completed' }, openDispute)).toBeNull();
    expect(buyerAcceptance({ ...lapsed, status: 'completed' }, undefined)).toBeNull();
    expect(buyerAcceptance({ ...lapsed, status: 'cancelled' }, null)).toBeNull();
  });

  it('says "Inspection ended without objection" on the seller’s page once the window lapsed, not "Not yet marked as completed."', async () => {
    await sellerPage({ marked_as_cc: null });
    const detail = screen.getByText('Delivery accepted').nextElementSibling?.textContent;
    expect(detail).toBe(`Inspection ended without objection · ${formatDateTime('2025-10-05T10:00:00.000Z')}`);
    expect(screen.queryByText('Not yet marked as completed.')).toBeNull();
    expect(screen.queryByText('Marked as completed by')).toBeNull();
  });

  it('names who marked it, and says not yet while it may still come', async () => {
    await sellerPage();
    expect(screen.getByText('Marked as completed by').nextElementSibling?.textContent).toBe('Bola Ade');
    cleanup();
    await sellerPage({ status: 'delivered', marked_as_cc: null });
    expect(screen.getByText('Marked as completed by').nextElementSibling?.textContent).toBe('Not yet marked as completed.');
  });
});

describe("the seller's page in plain words", () => {
  it('names the seller and the buyer who accepted, never an id', async () => {
    await sellerPage();
    expect(screen.getByText('Seller').nextElementSibling?.textContent).toBe('Ada Obi');
    expect(screen.getByText('Accepted by').nextElementSibling?.textContent).toBe('Bola Ade');
    expect(screen.queryByText('Creator ID')).toBeNull();
    expect(screen.getByText('Buyer accepted the delivery')).toBeTruthy();
  });
});
