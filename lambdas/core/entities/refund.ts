import type { Currency } from '../domain/money';
import { queryAll, type TransactItem, tableName, withoutKeys } from './table';

/**
 * One refund leg of a contract: `CONTRACT#<id>` / `REFUND#<leg>`, money going back to the payer
 * through the provider's refund of one of their transactions. A leg is created once (its put is
 * conditional), in the same transaction as the ledger posting that moves its amount to
 * `refund_pending`, so there is one refund per leg, ever, and the ledger says what is owed back.
 */
export const refundLegKey = (contractId: string, leg: string) => ({ PK: `CONTRACT#${contractId}`, SK: `REFUND#${leg}` });

/** Why money goes back: beyond what was due, paid to a contract that takes no more payments, or a settlement. */
export type RefundReason = 'excess' | 'not_payable' | 'cancellation' | 'settlement';

/**
 * Where a leg stands: `pending` until it is asked of the provider, `requested` once asked (with
 * the provider's refund id when known), `completed` when the provider confirmed it, `failed` when
 * it cannot go back the way it came (it then waits for another destination).
 */
export type RefundLegStatus = 'pending' | 'requested' | 'completed' | 'failed';

export interface RefundLeg {
  contract_id: string;
  /** Unique within the contract, e.g. `excess-<provider transaction id>`. */
  leg: string;
  /** Ours, for finance and the provider's comments: `refund-<contractId>-<leg>`. */
  reference: string;
  reason: RefundReason;
  amount_minor: number;
  currency: Currency;
  /** The ledger account the money leaves: the contract's escrow, or suspense (money no contract took). */
  from: 'escrow' | 'suspense';
  /** The payer's provider transaction it is refunded against, and its payment reference. */
  provider_transaction_id: string;
  tx_ref: string;
  payer_id: string;
  status: RefundLegStatus;
  provider_refund_id: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** The reference of a contract's refund leg. */
export function refundReference(contractId: string, leg: string): string {
  return `refund-${contractId}-${leg}`;
}

export function toItem(leg: RefundLeg): Record<string, unknown> {
  return { ...refundLegKey(leg.contract_id, leg.leg), ...leg };
}

export function fromItem(item: Record<string, unknown>): RefundLeg {
  return withoutKeys(item) as unknown as RefundLeg;
}

/** The put of a new leg (part of the transaction that posts its amount to refund_pending): only once per leg. */
export function refundLegPut(leg: RefundLeg): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(leg), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** A contract's refund legs. */
export async function listRefundLegs(contractId: string): Promise<RefundLeg[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `CONTRACT#${contractId}`, ':prefix': 'REFUND#' },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}
