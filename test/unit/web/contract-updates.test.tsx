// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import type { RefundView } from '@escrow/api/refunds';
import { cancellationMessages } from '@escrow/domain/escrow-contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractChangedBy, dispatchRealtimeEvent } from '../../../web/src/lib/realtime';
import { ContractPage } from '../../../web/src/pages/contracts/contract-page';
import { MyContractDetailsPage } from '../../../web/src/pages/contracts/my-contract-details-page';
import { fakeApi, reply } from './fake-api';
import { click, renderSignedInAt } from './providers';
import { delivered, openDispute, proposedByBuyer, settled } from './wedding-deal';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

/**
 * An open contract page follows every change the server announces, in every section at once: the
 * contract, its parties' names, the timeline, the dispute and its proposals, the buyer's refunds.
 */

// The signed-in user (providers' `signedIn`) is u1: the buyer, or the seller where a test says so.
// The other party's id is long, as a real one is, so a name that fell back to it would show its start.
const otherId = '431c4d1d-5b7e-4f0a-9d3c-2e8f6a1b7c90';
const disputed: ContractView = { ...delivered, status: 'disputed' };
const proposed = proposedByBuyer;
const refund = (status: RefundView['status']): RefundView => ({
  leg: 'l1',
  reason: 'settlement',
  amount_minor: 2_000_000,
  currency: 'NGN',
  status,
  method: 'provider_refund',
  to: null,
  conversion: null,
  created_at: '2025-10-03T12:00:00.000Z',
  completed_at: status === 'refunded' ? '2025-10-03T12:05:00.000Z' : null,
});
const seller = { id: 'seller-1', full_name: 'Ada Obi', username: null };
const me = { id: 'u1', full_name: 'Bola Ade', username: null };

/** The seller's side of `contract`: u1 is its creator, `otherId` (Chidi Eze) its buyer. */
const asSeller = (contract: ContractView): ContractView => ({
  ...contract,
  creator_id: 'u1',
  acceptor_id: otherId,
  payer_user_ids: contract.amount_paid_minor > 0 ? [otherId] : [],
  accepted_by: contract.status === 'pending' ? [] : [otherId],
});
const chidi = { id: otherId, full_name: 'Chidi Eze', username: null };

const api = fakeApi();

/** What the server answers from now on: the contract with its people, the dispute and the caller's refunds. */
function serverHas(contract: ContractView, people: unknown[], dispute: DisputeView | null = null, refunds: RefundView[] = []) {
  api.on('GET', '/contracts/c1', reply({ contract, people }));
  api.on('GET', '/contracts/c1/dispute', reply({ dispute }));
  api.on('GET', '/contracts/c1/refunds', reply({ refunds }));
}

async function buyerPage() {
  api.on('POST', '/get-contract-for-acceptor', reply({ ...disputed, status: 'disputed' }));
  await renderSignedInAt('/contracts/c1', <Route path="/contracts/:contractId" element={<ContractPage />} />);
}

async function sellerPage() {
  await renderSignedInAt(
    '/my-contract-details/c1',
    <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
  );
}

/** The server announces a change of contract c1 on the person's channel (its status and version as announced). */
const announce = (status = 'disputed', version = 5) =>
  act(async () => dispatchRealtimeEvent({ type: 'contract', contract_id: 'c1', status, version }));

beforeEach(() => {
  api.install();
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('which page an announcement is for', () => {
  it('names the contract of a contract change, and of a notification about one; nothing for any other', () => {
    expect(contractChangedBy({ type: 'contract', contract_id: 'c1', status: 'disputed', version: 3 })).toBe('c1');
    expect(contractChangedBy({ type: 'notification', notification: { id: 'n1', contract_id: 'c2' } })).toBe('c2');
    expect(contractChangedBy({ type: 'notification', notification: { id: 'n1' } })).toBeUndefined();
    // What the channel carries is not trusted to have the shape it should.
    expect(contractChangedBy({ type: 'notification' } as never)).toBeUndefined();
    expect(contractChangedBy({ type: 'session-ended' } as never)).toBeUndefined();
  });
});

describe("the seller's open contract page", () => {
  it("shows the buyer's proposal the moment it is announced, with Accept, though the contract itself did not change", async () => {
    serverHas(asSeller(disputed), [me, chidi], { ...openDispute, your_side: 'creator' });
    await sellerPage();
    await screen.findByText(/No proposals yet/);
    serverHas(asSeller(disputed), [me, chidi], { ...proposed, your_side: 'creator' });
    await announce();
    expect(screen.getByText('The buyer proposed', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByText(/Your turn: accept the buyer's proposal/)).toBeTruthy();
  });

  it('names the buyer who accepted an invitation by email once it is announced, never by their id', async () => {
    // Offered by email: until it is accepted the server names only the seller.
    serverHas(asSeller({ ...disputed, status: 'pending', amount_paid_minor: 0, accepted_at: null }), [me]);
    await sellerPage();
    expect(screen.getByText('Not accepted yet.')).toBeTruthy();
    serverHas(asSeller({ ...disputed, status: 'fully_funded' }), [me, chidi]);
    await announce('fully_funded');
    const accepted = screen.getByText('Accepted by').parentElement;
    expect(accepted?.textContent).toContain('Chidi Eze');
    expect(document.body.textContent).not.toContain(otherId.slice(0, 8));
  });

  it('asks again when the window regains focus (its realtime connection may have dropped meanwhile)', async () => {
    serverHas(asSeller(disputed), [me, chidi], { ...openDispute, your_side: 'creator' });
    await sellerPage();
    serverHas(asSeller(disputed), [me, chidi], { ...proposed, your_side: 'creator' });
    await act(async () => {
      fireEvent.focus(window);
    });
    expect(await screen.findByText('The buyer proposed', { exact: false })).toBeTruthy();
  });
});

describe("the buyer's open contract page", () => {
  it('stops offering "Propose a split" once the seller accepted, and shows the settlement and the refund, without a reload', async () => {
    serverHas(disputed, [seller, me], proposed);
    await buyerPage();
    await screen.findByRole('form', { name: 'Propose a split' });
    serverHas({ ...disputed, status: 'settling' }, [seller, me], settled, [refund('on_its_way')]);
    await announce('settling', 6);
    expect(screen.queryByRole('form', { name: 'Propose a split' })).toBeNull();
    expect(screen.getAllByText('Settled by agreement', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Settling').length).toBeGreaterThan(0);
    expect(screen.getByText('On its way back to you')).toBeTruthy();
    expect(screen.getByText('Ada Obi')).toBeTruthy();
  });

  it("follows a refund's steps that its notifications announce, and only this contract's", async () => {
    serverHas({ ...disputed, status: 'settling' }, [seller, me], settled, [refund('on_its_way')]);
    await buyerPage();
    await screen.findByText('On its way back to you');
    serverHas({ ...disputed, status: 'settling' }, [seller, me], settled, [refund('refunded')]);
    await act(async () => dispatchRealtimeEvent({ type: 'notification', notification: { id: 'n1', contract_id: 'c2' } }));
    expect(screen.getByText('On its way back to you')).toBeTruthy();
    await act(async () => dispatchRealtimeEvent({ type: 'notification', notification: { id: 'n2', contract_id: 'c1' } }));
    expect(screen.getByText('Refunded to you')).toBeTruthy();
  });

  it('offers no proposal, acceptance or split beside a contract already past its dispute, even before its settlement is shown', async () => {
    serverHas({ ...disputed, status: 'settling' }, [seller, me], {
      ...proposed,
      proposals: [{ ...proposed.proposals[0], by: 'creator' }],
    } as DisputeView);
    await buyerPage();
    await screen.findByText('The seller proposed', { exact: false });
    expect(screen.queryByRole('form', { name: 'Propose a split' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('keeps the latest answer only: an answer to an earlier question that arrives last is dropped', async () => {
    serverHas(disputed, [seller, me], proposed);
    await buyerPage();
    await screen.findByRole('form', { name: 'Propose a split' });
    // The first question is answered late, with the dispute as it was; the second at once, settled.
    let answerFirst: () => void = () => undefined;
    api.on(
      'GET',
      '/contracts/c1',
      () =>
        new Promise<Response>((resolve) => {
          answerFirst = () => resolve(Response.json({ contract: disputed, people: [seller, me] }));
        }),
    );
    await announce('disputed', 5);
    serverHas({ ...disputed, status: 'settling' }, [seller, me], settled);
    await announce('settling', 6);
    expect(screen.getAllByText('Settled by agreement', { exact: false }).length).toBeGreaterThan(0);
    await act(async () => answerFirst());
    expect(screen.getByText('Status').parentElement?.textContent).toBe('StatusSettling');
  });

  it('says what the buyer just did only until the other side answers: a proposal sent, then accepted; a request to cancel, then agreed to', async () => {
    serverHas(disputed, [seller, me], openDispute);
    api.on('POST', '/propose-settlement', reply({ dispute: proposed, contract: disputed }));
    await buyerPage();
    await screen.findByText(/No proposals yet/);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Amount back to the buyer/), { target: { value: '20000' } });
    });
    await click('Propose this split');
    const sent = 'Your proposal was sent. The other side can accept it or propose another split.';
    expect(screen.getByText(sent)).toBeTruthy();
    // The page's own change, announced back to it, leaves the dispute as the proposal did.
    serverHas(disputed, [seller, me], proposed);
    await announce();
    expect(screen.getByText(sent)).toBeTruthy();
    serverHas({ ...disputed, status: 'settling' }, [seller, me], settled);
    await announce('settling', 6);
    expect(screen.queryByText(sent)).toBeNull();
    cleanup();

    const funded: ContractView = {
      ...disputed,
      status: 'fully_funded',
      delivered_at: null,
      delivery_note: null,
      inspection_ends_at: null,
    };
    serverHas(funded, [seller, me]);
    api.on(
      'POST',
      '/cancel-contract',
      reply({ message: cancellationMessages.requested, contract: { ...funded, cancellation_requested_by: 'u1' } }),
    );
    await buyerPage();
    await click('Ask the seller to cancel');
    await click('Yes, Ask to Cancel');
    expect(screen.getByText(cancellationMessages.requested)).toBeTruthy();
    serverHas({ ...funded, status: 'refunding', cancellation_requested_by: null }, [seller, me]);
    await announce('refunding', 7);
    expect(screen.queryByText(cancellationMessages.requested)).toBeNull();
    expect(screen.getByText('₦50,000.00 is being refunded to you, with no fee. This page updates by itself.')).toBeTruthy();
  });
});
