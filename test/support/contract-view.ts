import type { ContractView } from '../../lambdas/core/api/contracts';

/**
 * A contract as the API shows it to its parties (`ContractView`), for the web tests' fake server:
 * by default ₦10,000 of logo design that seller-1 created for u1 (the web tests' signed-in user),
 * not yet accepted, nothing paid, nothing delivered. A test names only what its case is about;
 * `total_amount_minor` follows `value_minor` unless given, as the server makes it.
 */
export function aContractView(overrides: Partial<ContractView> = {}): ContractView {
  const value = overrides.value_minor ?? 1_000_000;
  return {
    id: '01JCONTRACT000000000000000',
    creator_id: 'seller-1',
    acceptor_id: 'u1',
    title: 'Logo design',
    description: 'One logo',
    value_minor: value,
    currency: 'NGN',
    status: 'pending',
    amount_paid_minor: 0,
    total_amount_minor: value,
    payer_user_ids: [],
    marked_as_cc: null,
    inspection_days: 3,
    delivered_at: null,
    delivery_note: null,
    inspection_ends_at: null,
    delivery_due_at: null,
    accepted_by: [],
    rejected_by: [],
    created_at: '2025-10-01T10:00:00.000Z',
    accepted_at: null,
    cancellation_requested_by: null,
    ...overrides,
  };
}
