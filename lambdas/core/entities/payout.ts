import { getItem, updateItem } from '../adapters/dynamodb';
import type { TransferStatus } from '../adapters/flutterwave/transfers';
import type { Conversion } from '../domain/conversion';
import type { Currency } from '../domain/money';
import type { PayoutStatus } from '../domain/payout';
import { onConditionFailed, queryGsi1Partition, type TransactItem, tableName, withoutKeys } from './table';

/**
 * The payout of a contract's escrow to its creator, `CONTRACT#<id>` / `PAYOUT`: written with the
 * release request (amounts from the stored contract, the bank details on file then), then moved on
 * by the workflow. It holds the one transfer reference of the contract and the provider transfer
 * now carrying it, so whoever runs again finds the transfer instead of making another.
 */
export const payoutKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'PAYOUT' });

export type { TransferStatus };

export interface Payout {
  contract_id: string;
  creator_id: string;
  status: PayoutStatus;
  currency: Currency;
  released_minor: number;
  fee_minor: number;
  payout_minor: number;
  reference: string;
  /**
   * A payout of a contract in another currency to the seller's naira account: the rate the seller
   * confirmed at the release (none when a settlement paid it out), and the conversion fixed with the
   * first transfer's claim, which every attempt and retry then sends (domain/conversion.ts).
   */
  confirmed_rate?: number | null;
  conversion?: Conversion | null;
  /**
   * The currency the bank receives: NGN (the naira account, converted when the contract is not in
   * naira) or the contract's own (the seller's dollar account, chosen at the release or preferred for
   * a settlement). Absent on payouts written before the choice: naira (domain/conversion.ts
   * destinationCurrencyOf).
   */
  destination_currency?: Currency;
  /**
   * `rate`: the provider's rate had fallen beyond the tolerance below `confirmed_rate` when the
   * conversion was to be fixed, so nothing was sent: the payout waits `failed` for its seller to
   * confirm the new figures (services/payouts/rate-confirmation.ts), not for ops.
   */
  waiting_for?: 'rate' | null;
  /** The provider's rate that made it wait for the seller (naira per unit). */
  moved_rate?: number | null;
  bank_code: string;
  account_number: string;
  account_name: string;
  /** The provider transfer carrying the reference now (a retry makes a new one), once made. */
  transfer_id: number | null;
  /** The provider's status of that transfer, as last seen. */
  transfer_status: TransferStatus | null;
  /** The provider's fee on that transfer, in whole minor units (rounded half up, as the ledger posts it). */
  transfer_fee_minor?: number | null;
  /** Transfers asked for so far (the first and each retry); claimed before each is asked for. */
  attempts: number;
  /** The FAILED transfer whose retry was claimed, so a run after a lost answer looks for that retry instead of asking again. */
  retry_of?: number | null;
  /** Retries ops granted after the workflow gave up (each resume adds the workflow's allowance again). */
  resumes: number;
  provider_message: string | null;
  /** The accounts it was sent to before a redirect, each with its reference and how its last transfer ended. */
  previous_destinations?: PreviousDestination[];
  requested_at: string;
  updated_at: string;
  paid_at: string | null;
}

/** A bank account a payout was sent to before it was redirected, and what became of it. */
export type PreviousDestination = Pick<
  Payout,
  | 'reference'
  | 'bank_code'
  | 'account_number'
  | 'account_name'
  | 'transfer_id'
  | 'transfer_status'
  | 'attempts'
  | 'provider_message'
> & { redirected_at: string };

export function toItem(payout: Payout): Record<string, unknown> {
  return { ...payoutKey(payout.contract_id), ...waitingIndex(payout.status, payout.updated_at, payout.contract_id), ...payout };
}

export function fromItem(item: Record<string, unknown>): Payout {
  return withoutKeys(item) as unknown as Payout;
}

/** The put of a contract's payout (part of the release transaction): once per contract. */
export function payoutPut(payout: Payout): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(payout), ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getPayout(contractId: string): Promise<Payout | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: payoutKey(contractId), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** What may change on a payout; the reference only with a redirect to another account. */
type PayoutChanges = Partial<Omit<Payout, 'contract_id' | 'creator_id' | 'requested_at'>>;

/**
 * A payout waiting for ops (`failed`) is listed in GSI1 under `PAYOUT#WAITING`, oldest first, from
 * the write that makes it wait to the one that moves it on, so the sweep can say every few
 * minutes how many sellers wait for ops (PayoutsWaitingForOps, alarmed for as long as any waits).
 */
const waitingPayoutsPartition = 'PAYOUT#WAITING';

/** The index entry of a payout with `status` since `since`: listed while it waits for ops (`failed`), else none. */
function waitingIndex(status: PayoutStatus, since: string, contractId: string): { GSI1PK?: string; GSI1SK?: string } {
  return status === 'failed' ? { GSI1PK: waitingPayoutsPartition, GSI1SK: `${since}#${contractId}` } : {};
}

function updateParts(contractId: string, changes: PayoutChanges, now: string) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const assignments: string[] = [];
  const index = changes.status === undefined ? {} : waitingIndex(changes.status, now, contractId);
  for (const [key, value] of Object.entries({ ...changes, ...index, updated_at: now })) {
    names[`#${key}`] = key;
    values[`:${key}`] = value;
    assignments.push(`#${key} = :${key}`);
  }
  const leavesIndex = changes.status !== undefined && changes.status !== 'failed';
  return { names, values, expression: `SET ${assignments.join(', ')}${leavesIndex ? ' REMOVE GSI1PK, GSI1SK' : ''}` };
}

/** The payouts waiting for ops now (`failed`), the longest waiting first. */
export async function listPayoutsWaitingForOps(): Promise<Payout[]> {
  return (await queryGsi1Partition(waitingPayoutsPartition)).map(fromItem);
}

/**
 * Changes the payout only if it still is as `expected` says (its status, and the transfer it
 * carries); false when something else changed it first.
 */
export async function updatePayout(
  contractId: string,
  expected: Pick<Payout, 'status' | 'transfer_id' | 'attempts'>,
  changes: PayoutChanges,
  now = new Date().toISOString(),
): Promise<boolean> {
  const update = payoutUpdate(contractId, expected, changes, now);
  const sent = updateItem(update.Update);
  return onConditionFailed(
    sent.then(() => true),
    () => false,
  );
}

/** {@link updatePayout} as part of a transaction. */
export function payoutUpdate(
  contractId: string,
  expected: Pick<Payout, 'status' | 'transfer_id' | 'attempts'>,
  changes: PayoutChanges,
  now = new Date().toISOString(),
): TransactItem & { Update: NonNullable<TransactItem['Update']> } {
  const { names, values, expression } = updateParts(contractId, changes, now);
  return {
    Update: {
      TableName: tableName(),
      Key: payoutKey(contractId),
      UpdateExpression: expression,
      ConditionExpression: '#e_status = :e_status AND #e_transfer = :e_transfer AND #e_attempts = :e_attempts',
      ExpressionAttributeNames: { ...names, '#e_status': 'status', '#e_transfer': 'transfer_id', '#e_attempts': 'attempts' },
      ExpressionAttributeValues: {
        ...values,
        ':e_status': expected.status,
        ':e_transfer': expected.transfer_id,
        ':e_attempts': expected.attempts,
      },
    },
  };
}
