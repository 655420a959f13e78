// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import { cancellationMessages } from '@escrow/domain/escrow-contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryDeadline, nextAction, timelineSteps } from '../../../web/src/features/contracts/timeline';
import { timings } from '../../../web/src/lib/constants';
import { dispatchRealtimeEvent } from '../../../web/src/lib/realtime';
import { ContractPage } from '../../../web/src/pages/contracts/contract-page';
import { MyContractDetailsPage } from '../../../web/src/pages/contracts/my-contract-details-page';
import { aContractView } from '../../support/contract-view';
import { fakeApi, reply } from './fake-api';
import { click, renderSignedInAt } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day).toISOString();

// The signed-in user (providers' `signedIn`) is u1: the buyer here, or the seller where a test says so.
const funded: ContractView = aContractView({
  id: 'c1',
  title: 'Wedding photos',
  description: 'Full day',
  value_minor: 5_000_000,
  status: 'fully_funded',
  amount_paid_minor: 5_000_000,
  payer_user_ids: ['u1'],
  delivery_due_at: '2025-10-31T10:00:00.000Z',
  accepted_by: ['u1'],
  accepted_at: '2025-10-01T11:00:00.000Z',
});
/** ₦20,000 of ₦50,000 paid. */
const partlyPaid: ContractView = { ...funded, status: 'in_escrow', amount_paid_minor: 2_000_000 };
const people = [
  { id: 'seller-1', full_name: 'Ada Obi', username: null },
  { id: 'u1', full_name: 'Bola Ade', username: null },
  { id: 'buyer-1', full_name: 'Chidi Eze', username: null },
];

const api = fakeApi();

/** The buyer's contract page for `contract`. */
async function buyerPage(contract: ContractView) {
  api.on('POST', '/get-contract-for-acceptor', reply({ ...contract }));
  api.on('GET', '/contracts/c1', reply({ contract, people }));
  await renderSignedInAt('/contracts/c1', <Route path="/contracts/:contractId" element={<ContractPage />} />);
}

/** The seller's contract page (u1 is then the creator; Chidi Eze, buyer-1, the buyer). */
async function sellerPage(contract: ContractView) {
  const mine = asSeller(contract);
  api.on('GET', '/contracts/c1', reply({ contract: mine, people }));
  await renderSignedInAt(
    '/my-contract-details/c1',
    <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
  );
  return mine;
}

const asSeller = (contract: ContractView): ContractView => ({
  ...contract,
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  payer_user_ids: ['buyer-1'],
  accepted_by: ['buyer-1'],
});

const cancellationSection = () => screen.queryByRole('region', { name: 'Cancellation' });

beforeEach(() => {
  api.install();
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('where a cancelled or cancellable contract stands', () => {
  const labels = (contract: ContractView) => timelineSteps(contract, null).map((step) => `${step.state}: ${step.label}`);

  it('says the money is being refunded, then that it was, after the steps that happened', () => {
    expect(labels({ ...funded, status: 'refunding' })).toEqual([
      'done: Created',
      'done: Accepted',
      'done: Paid ₦50,000.00',
      'done: Cancelled: ₦50,000.00 is being refunded to the buyer',
    ]);
    expect(labels({ ...partlyPaid, status: 'cancelled' }).slice(-2)).toEqual([
      'done: Paid ₦20,000.00 of ₦50,000.00',
      'done: Cancelled: ₦20,000.00 was refunded to the buyer',
    ]);
    // Cancelled before any money: nothing to refund.
    expect(labels({ ...funded, status: 'cancelled', amount_paid_minor: 0, accepted_by: [] })).toEqual([
      'done: Created',
      'done: Cancelled',
    ]);
    expect(nextAction({ ...funded, status: 'refunding' }, 'payer', null)).toBe(
      'The contract is cancelled: your refund of ₦50,000.00 is on its way.',
    );
    expect(nextAction({ ...funded, status: 'cancelled' }, 'creator', null)).toBe(
      'Nothing left to do: the contract is cancelled and ₦50,000.00 was refunded to the buyer.',
    );
  });

  it('says a contract refunded at its delivery deadline was not delivered in time, not that it was cancelled', () => {
    const undelivered = { ...funded, refunded_because: 'delivery_expired' as const };
    expect(labels({ ...undelivered, status: 'refunding' }).at(-1)).toBe(
      'done: Not delivered in time: ₦50,000.00 is being refunded to the buyer',
    );
    expect(labels({ ...undelivered, status: 'cancelled' }).at(-1)).toBe(
      'done: Not delivered in time: ₦50,000.00 was refunded to the buyer',
    );
    expect(nextAction({ ...undelivered, status: 'refunding' }, 'payer', null)).toBe(
      'It was not delivered in time: your refund of ₦50,000.00 is on its way.',
    );
    expect(nextAction({ ...undelivered, status: 'cancelled' }, 'payer', null)).toBe(
      'Nothing left to do: it was not delivered in time and ₦50,000.00 was refunded to you.',
    );
  });

  it("puts the buyer's request to cancel in the seller's hands", () => {
    const asked = { ...funded, cancellation_requested_by: 'u1' };
    expect(labels(asked)).toContain('done: The buyer asked to cancel');
    expect(nextAction(asked, 'creator', null)).toMatch(
      /^Your turn: the buyer asked to cancel\. Agree to refund everything paid \(₦50,000\.00\), or deliver by Oct 31, 2025, .* and mark the contract as delivered\.$/,
    );
    expect(nextAction({ ...partlyPaid, cancellation_requested_by: 'u1' }, 'creator', null)).toBe(
      'Your turn: the buyer asked to cancel. Agree to refund everything paid (₦20,000.00), or keep it and wait for the rest of the payment.',
    );
    expect(nextAction(asked, 'payer', null)).toBe(
      'Waiting for the seller to agree to cancel; if they do, your ₦50,000.00 is refunded in full.',
    );
  });

  it('names the delivery deadline and what happens after it, until the contract is delivered', () => {
    expect(deliveryDeadline(funded, 'payer')).toMatch(/^If it is not delivered by Oct 31, 2025, .*, you are refunded in full\.$/);
    expect(deliveryDeadline(partlyPaid, 'creator')).toMatch(
      /^Deliver by Oct 31, 2025, .*: if it is not delivered by then, everything paid goes back to the buyer\.$/,
    );
    expect(deliveryDeadline({ ...funded, status: 'delivered' }, 'payer')).toBeNull();
    expect(deliveryDeadline({ ...funded, status: 'disputed' }, 'creator')).toBeNull();
    expect(deliveryDeadline({ ...funded, status: 'active', delivery_due_at: null }, 'payer')).toBeNull();
  });
});

describe("the seller's cancellation", () => {
  it('cancels only after a dialog naming the amount and the buyer, then shows the answer and the refund on its way', async () => {
    const mine = await sellerPage(funded);
    api.on(
      'POST',
      '/cancel-contract',
      reply({ message: cancellationMessages.cancelled, contract: { ...mine, status: 'refunding' } }),
    );
    await click('Cancel and refund the buyer');
    const dialog = screen.getByRole('dialog', { name: 'Cancel and refund the buyer?' });
    expect(dialog.textContent).toContain(
      'Everything paid, ₦50,000.00, goes back to Chidi Eze with no fee. This cannot be undone.',
    );
    expect(document.activeElement?.textContent).toBe('Keep the Contract');
    expect(api.callsTo('POST', '/cancel-contract')).toEqual([]);

    await click('Yes, Cancel the Contract');
    expect(api.callsTo('POST', '/cancel-contract').map((call) => call.body)).toEqual([{ contractId: 'c1' }]);
    expect(screen.getByText(cancellationMessages.cancelled)).toBeTruthy();
    expect(screen.getAllByText('Refunding').length).toBeGreaterThan(0);
    expect(screen.getByText('₦50,000.00 is being refunded to the buyer, with no fee. This page updates by itself.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and refund the buyer' })).toBeNull();
  });

  it('follows the refund until the contract is cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const mine = await sellerPage({ ...funded, status: 'refunding' });
    expect(screen.getByText('₦50,000.00 is being refunded to the buyer, with no fee. This page updates by itself.')).toBeTruthy();
    api.on('GET', '/contracts/c1', reply({ contract: { ...mine, status: 'cancelled' }, people }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(timings.statusPollMs);
    });
    expect(screen.getByText('Done: ₦50,000.00 refunded to the buyer.')).toBeTruthy();
    expect(
      screen.getByText('Nothing left to do: the contract is cancelled and ₦50,000.00 was refunded to the buyer.'),
    ).toBeTruthy();
  });

  it('shows the seller the buyer’s request the moment it is announced, and the buyer the cancellation, without a reload', async () => {
    const mine = await sellerPage(funded);
    expect(screen.queryByText(/the buyer asked to cancel/i)).toBeNull();
    api.on('GET', '/contracts/c1', reply({ contract: { ...mine, cancellation_requested_by: 'payer' }, people }));
    await act(async () => dispatchRealtimeEvent({ type: 'contract', contract_id: 'c1', status: 'fully_funded', version: 2 }));
    expect(screen.getAllByText(/the buyer asked to cancel/i).length).toBeGreaterThan(0);
    cleanup();
    await buyerPage(funded);
    api.on('GET', '/contracts/c1', reply({ contract: { ...funded, status: 'cancelled' }, people }));
    // Another contract's change is not this page's business.
    await act(async () => dispatchRealtimeEvent({ type: 'contract', contract_id: 'c2', status: 'cancelled', version: 9 }));
    expect(screen.queryByText(/Nothing left to do/)).toBeNull();
    await act(async () => dispatchRealtimeEvent({ type: 'contract', contract_id: 'c1', status: 'cancelled', version: 3 }));
    expect(screen.getByText(/Nothing left to do: the contract is cancelled/)).toBeTruthy();
  });

  it('says first that the buyer asked, and then agrees to it', async () => {
    const mine = await sellerPage({ ...funded, cancellation_requested_by: 'buyer-1' });
    api.on(
      'POST',
      '/cancel-contract',
      reply({
        message: cancellationMessages.cancelled,
        contract: { ...mine, status: 'refunding', cancellation_requested_by: null },
      }),
    );
    expect(screen.getByText('Chidi Eze asked to cancel this contract.')).toBeTruthy();
    expect(screen.getByText(/^Your turn: the buyer asked to cancel\./)).toBeTruthy();
    await click('Agree and cancel');
    expect(screen.getByRole('dialog', { name: 'Agree to cancel?' }).textContent).toContain('goes back to Chidi Eze');
    await click('Yes, Cancel the Contract');
    expect(api.callsTo('POST', '/cancel-contract')).toHaveLength(1);
    expect(screen.getByText(cancellationMessages.cancelled)).toBeTruthy();
    expect(screen.queryByText('Chidi Eze asked to cancel this contract.')).toBeNull();
  });

  it("shows the server's refusal as it says it", async () => {
    await sellerPage(funded);
    const refusal = cancellationMessages.notCancellable('delivered');
    api.on('POST', '/cancel-contract', reply({ error: refusal }, 409));
    await click('Cancel and refund the buyer');
    await click('Yes, Cancel the Contract');
    expect(screen.getByRole('alert').textContent).toBe(refusal);
  });

  it('offers nothing once the contract is delivered or disputed, or before money is in', async () => {
    await sellerPage({ ...funded, status: 'delivered', delivered_at: '2025-10-02T10:00:00.000Z', delivery_note: 'Sent' });
    expect(cancellationSection()).toBeNull();
    cleanup();
    api.on('GET', '/contracts/c1/dispute', reply({ dispute: null }));
    await sellerPage({ ...funded, status: 'disputed' });
    expect(cancellationSection()).toBeNull();
    cleanup();
    await sellerPage({ ...funded, status: 'active', amount_paid_minor: 0 });
    expect(cancellationSection()).toBeNull();
  });
});

describe("the buyer's cancellation", () => {
  it('asks the seller after a dialog saying they must agree, then waits for them', async () => {
    await buyerPage(funded);
    api.on(
      'POST',
      '/cancel-contract',
      reply({ message: cancellationMessages.requested, contract: { ...funded, cancellation_requested_by: 'u1' } }),
    );
    await click('Ask the seller to cancel');
    const dialog = screen.getByRole('dialog', { name: 'Ask the seller to cancel?' });
    expect(dialog.textContent).toContain('Ada Obi is told and must agree.');
    expect(dialog.textContent).toContain('everything you paid, ₦50,000.00, is refunded to you in full');
    expect(api.callsTo('POST', '/cancel-contract')).toEqual([]);

    await click('Yes, Ask to Cancel');
    expect(api.callsTo('POST', '/cancel-contract').map((call) => call.body)).toEqual([{ contractId: 'c1' }]);
    expect(screen.getByText(cancellationMessages.requested)).toBeTruthy();
    expect(screen.getByText(/^You asked the seller to cancel this contract\. Waiting for Ada Obi to agree/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask the seller to cancel' })).toBeNull();
  });

  it('shows a standing request as a waiting line, with no button, and the refund deadline', async () => {
    await buyerPage({ ...funded, cancellation_requested_by: 'u1' });
    expect(screen.getByText(/^You asked the seller to cancel this contract\./)).toBeTruthy();
    expect(screen.getByText(/^Waiting for the seller to agree to cancel/)).toBeTruthy();
    expect(screen.getByText(/^If it is not delivered by Oct 31, 2025, .*, you are refunded in full\.$/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Cancellation' })).queryAllByRole('button')).toEqual([]);
  });

  it('cancels a partly paid contract at once once its funding window ended, and only then', async () => {
    await buyerPage({ ...partlyPaid, accepted_at: daysAgo(1) });
    expect(screen.getByRole('button', { name: 'Ask the seller to cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and get a refund' })).toBeNull();
    cleanup();

    const late = { ...partlyPaid, accepted_at: daysAgo(8) };
    await buyerPage(late);
    api.on(
      'POST',
      '/cancel-contract',
      reply({ message: cancellationMessages.cancelled, contract: { ...late, status: 'refunding' } }),
    );
    expect(screen.queryByRole('button', { name: 'Ask the seller to cancel' })).toBeNull();
    await click('Cancel and get a refund');
    expect(screen.getByRole('dialog', { name: 'Cancel and get a refund?' }).textContent).toContain(
      'Everything you paid, ₦20,000.00, goes back to you with no fee. This cannot be undone.',
    );
    await click('Yes, Cancel the Contract');
    expect(api.callsTo('POST', '/cancel-contract').map((call) => call.body)).toEqual([{ contractId: 'c1' }]);
    expect(screen.getByText(cancellationMessages.cancelled)).toBeTruthy();
    expect(screen.getByText('₦20,000.00 is being refunded to you, with no fee. This page updates by itself.')).toBeTruthy();
  });
});
