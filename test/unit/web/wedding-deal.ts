import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import { aContractView } from '../../support/contract-view';

/**
 * The deal the contract pages' tests share: ₦50,000 of wedding photos, paid in full and delivered,
 * then disputed, a split proposed by the buyer and agreed. The signed-in user of the tests
 * (providers' `signedIn`) is u1, the buyer here; a test that makes u1 the seller says so.
 */
export const delivered: ContractView = aContractView({
  id: 'c1',
  title: 'Wedding photos',
  description: 'Full day',
  value_minor: 5_000_000,
  status: 'delivered',
  amount_paid_minor: 5_000_000,
  payer_user_ids: ['u1'],
  delivered_at: '2025-10-02T10:00:00.000Z',
  delivery_due_at: '2025-10-08T10:00:00.000Z',
  delivery_note: 'Gallery link sent',
  inspection_ends_at: '2025-10-05T10:00:00.000Z',
  accepted_by: ['u1'],
  accepted_at: '2025-10-01T11:00:00.000Z',
});

/** What each side gets of the ₦50,000 held when `refund` goes back: the fee (2%) on the released part only. */
export const split = (refund: number) => {
  const released = 5_000_000 - refund;
  const fee = Math.round(released * 0.02);
  return { refund_minor: refund, released_minor: released, fee_minor: fee, payout_minor: released - fee };
};

export const openDispute: DisputeView = {
  contract_id: 'c1',
  status: 'open',
  opened_side: 'payer',
  reason: 'incomplete',
  reason_text: 'Only part was delivered',
  details: 'Only 120 of 300 photos',
  opened_at: '2025-10-03T10:00:00.000Z',
  agree_by: '2025-10-10T10:00:00.000Z',
  held_minor: 5_000_000,
  currency: 'NGN',
  proposals: [],
  settlement: null,
  your_side: 'payer',
};

/** The buyer proposes ₦20,000 back. */
export const proposedByBuyer: DisputeView = {
  ...openDispute,
  proposals: [{ id: 'p1', by: 'payer', created_at: '2025-10-03T11:00:00.000Z', ...split(2_000_000) }],
};

/** The seller accepted the buyer's proposal. */
export const settled: DisputeView = {
  ...proposedByBuyer,
  status: 'settled',
  settlement: {
    source: 'agreement',
    proposal_id: 'p1',
    reason: null,
    settled_at: '2025-10-03T12:00:00.000Z',
    ...split(2_000_000),
  },
};
