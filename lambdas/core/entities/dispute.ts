import { getItem } from '../adapters/dynamodb';
import type { DisputeReason, DisputeSide, DisputeStatus, ProposalNotice, Settlement, SplitProposal } from '../domain/dispute';
import type { Currency } from '../domain/money';
import { type TransactItem, tableName, versionedUpdate, withoutKeys } from './table';

/**
 * The dispute of a contract, `CONTRACT#<id>` / `DISPUTE`: at most one per contract, ever (its put
 * is conditional). It keeps the proposals in the order they were made and, once settled, how: every
 * change is conditional on the version it was read at, and is written in the same transaction as
 * the contract's status, so a proposal, an acceptance and an ops decision never cross.
 */
export const disputeKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'DISPUTE' });

export interface Dispute {
  contract_id: string;
  status: DisputeStatus;
  /** Who opened it, and for which side. */
  opened_by: string;
  opened_side: DisputeSide;
  reason: DisputeReason;
  details: string;
  opened_at: string;
  /** Until when the parties may agree on their own (7 days, scaled locally); ops decide after it. */
  agree_by: string;
  /** What was held in escrow when it was opened: a disputed contract takes no more payments, so it stays so. */
  held_minor: number;
  currency: Currency;
  proposals: SplitProposal[];
  /**
   * Per person told of proposals: the notification of their current notice window (one per
   * proposalNoticeMinutes). Kept here so the telling is decided on the same version as the proposal;
   * absent on disputes from before it.
   */
  proposal_notices?: Record<string, ProposalNotice>;
  settlement: Settlement | null;
  version: number;
}

export function toItem(dispute: Dispute): Record<string, unknown> {
  return { ...disputeKey(dispute.contract_id), ...dispute };
}

export function fromItem(item: Record<string, unknown>): Dispute {
  return withoutKeys(item) as unknown as Dispute;
}

export async function getDispute(contractId: string): Promise<Dispute | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: disputeKey(contractId), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** The put of a contract's dispute (with the contract's move to `disputed`): once per contract. */
export function disputePut(dispute: Dispute): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(dispute), ConditionExpression: 'attribute_not_exists(PK)' } };
}

export type DisputeChanges = Partial<Pick<Dispute, 'status' | 'proposals' | 'proposal_notices' | 'settlement'>>;

/** A change of the dispute, only from the version it was read at. */
export function disputeUpdate(dispute: Dispute, set: DisputeChanges): TransactItem {
  return versionedUpdate(disputeKey(dispute.contract_id), { version: dispute.version }, set);
}

/** The dispute as it is after {@link disputeUpdate}. */
export function disputeUpdated(dispute: Dispute, set: DisputeChanges): Dispute {
  return { ...dispute, ...set, version: dispute.version + 1 };
}
