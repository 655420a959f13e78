import { getItem, updateItem } from '../adapters/dynamodb';
import type { TransferStatus } from '../adapters/flutterwave/transfers';
import type { Conversion } from '../domain/conversion';
import type { Currency } from '../domain/money';
import {
  onConditionFailed,
  queryAll,
  queryGsi1Partition,
  type TransactItem,
  tableName,
  transactWrite,
  withoutKeys,
} from './table';

/**
 * One refund leg of a contract: `CONTRACT#<id>` / `REFUND#<leg>`, money going back to the payer
 * through the provider's refund of one of their transactions. A leg is created once (its put is
 * conditional), in the same transaction as the ledger posting that moves its amount to
 * `refund_pending`, so there is one refund per leg, ever, and the ledger says what is owed back.
 * While it is open (pending, requested, transferring) it is also listed in GSI1 under
 * `REFUND#OPEN`, so the sweep finds every leg still owed without a scan; while it waits for
 * its payer's bank account it is listed in GSI2 under `REFUND#BANK#<payer>`, so saving bank
 * details finds every refund waiting for them, and in GSI1 under `REFUND#AWAITING_BANK`, so the
 * sweep counts them all, reminds their payers and raises ops when one waits too long.
 */
export const refundLegKey = (contractId: string, leg: string) => ({ PK: `CONTRACT#${contractId}`, SK: `REFUND#${leg}` });

const openLegsPartition = 'REFUND#OPEN';
const awaitingBankPartition = (payerId: string) => `REFUND#BANK#${payerId}`;
/** A leg that failed for good is listed in GSI1 under `REFUND#WAITING` until ops move it (RefundsWaitingForOps). */
const waitingLegsPartition = 'REFUND#WAITING';
/** A leg waiting for its payer's bank account, whoever the payer (RefundsAwaitingBankDetails). */
const awaitingBankLegsPartition = 'REFUND#AWAITING_BANK';

/** A leg's GSI1 partition by its status: open legs for the sweep, failed ones for ops, those waiting for a bank account, none otherwise. */
function gsi1Partition(status: RefundLegStatus): string | undefined {
  if (isOpenRefund(status)) return openLegsPartition;
  if (status === 'awaiting_bank_details') return awaitingBankLegsPartition;
  return status === 'failed' ? waitingLegsPartition : undefined;
}

/**
 * Which leg a provider refund belongs to: `PROVIDER_REFUND#<id>` / `LEG`, written with the id on the
 * leg, so a webhook (which names only the provider's refund) finds its leg in one read.
 */
export const providerRefundKey = (providerRefundId: string) => ({ PK: `PROVIDER_REFUND#${providerRefundId}`, SK: 'LEG' });

/**
 * Why money goes back: beyond what was due, paid to a contract that takes no more payments, paid
 * in another currency than the contract's, a cancellation or a settlement.
 */
export type RefundReason = 'excess' | 'not_payable' | 'wrong_currency' | 'cancellation' | 'settlement';

/**
 * Where a leg stands: `pending` until it is asked of the provider, `requested` once a worker
 * claimed it and asked (with the provider's refund id once known), `completed` when the provider
 * confirmed it, `failed` when the provider kept failing it (it then waits for ops).
 *
 * A payment the provider cannot refund (its method takes no refunds) goes back by bank transfer
 * instead: `awaiting_bank_details` until the payer has a bank account on file, `transferring`
 * while the provider's transfer to it is on its way (a transfer that fails puts it back to
 * `awaiting_bank_details`, for the payer to check their details).
 */
export type RefundLegStatus = 'pending' | 'requested' | 'awaiting_bank_details' | 'transferring' | 'completed' | 'failed';

/** How a leg goes back: the provider's refund of the payment, or a bank transfer when the payment cannot be refunded. */
export type RefundMethod = 'provider_refund' | 'bank_transfer';

/** The payer's bank account a leg is transferred to, and the transfer reference for that account. */
export interface RefundDestination {
  bank_code: string;
  account_number: string;
  account_name: string;
  /** Ours, kept unique by the provider: `<leg reference>-bank-<n>`, a new one per account tried. */
  transfer_reference: string;
  /**
   * A leg in dollars, euros or pounds reaches the naira account converted: the naira sent under this
   * reference and the rate, fixed with the claim of its transfer (every run after sends the same
   * naira and finds it by that amount). Absent until then, and on naira legs.
   */
  conversion?: Conversion | null;
}

/** An account a leg's transfer went to and failed at, kept when the payer gives it again. */
export interface FailedRefundDestination extends RefundDestination {
  transfer_id: number | null;
  provider_message: string | null;
  failed_at: string;
}

export interface RefundLeg {
  contract_id: string;
  /** Unique within the contract, e.g. `tx-<provider transaction id>`. */
  leg: string;
  /** Ours, sent as the refund's comments so a lost answer can be found again: `refund-<contractId>-<leg>`. */
  reference: string;
  reason: RefundReason;
  amount_minor: number;
  currency: Currency;
  /** The ledger account the money left for refund_pending: the contract's escrow, or suspense (money no contract took). */
  from: 'escrow' | 'suspense';
  /** The payer's provider transaction it is refunded against, and its payment reference. */
  provider_transaction_id: string;
  tx_ref: string;
  payer_id: string;
  status: RefundLegStatus;
  /** How many attempts it may reach before it waits for ops again: set when ops resume it (services/refunds/resume.ts). */
  attempt_limit?: number;
  provider_refund_id: string | null;
  /** Times the provider was asked (a claim is counted before the request goes out). */
  attempts: number;
  /** Why the provider will not take it back that way, once it said so. */
  failure_reason?: string | null;
  /** Absent on legs written before bank transfers: the provider's refund. */
  method?: RefundMethod;
  /** The account a bank-transfer leg goes to now (null while it waits for one). */
  destination?: RefundDestination | null;
  /** The provider's transfer to that account, once made, and its status as last seen. */
  transfer_id?: number | null;
  transfer_status?: TransferStatus | null;
  /** The provider's fee on that transfer, in whole minor units (rounded half up, as the ledger posts it). */
  transfer_fee_minor?: number | null;
  /** Accounts a transfer failed at, oldest first. */
  previous_destinations?: FailedRefundDestination[];
  /**
   * When it began waiting for its payer's bank account (set with the status): what its reminders
   * and ops' alarm count from. Absent on legs that began waiting before it was kept (their
   * `updated_at` says the same: nothing else changes a waiting leg).
   */
  awaiting_since?: string;
  /** Reminders sent to the payer during this wait, and when the last one went (not a change of the leg: no `updated_at`). */
  bank_reminders?: number;
  bank_reminded_at?: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** What a new leg is made of: the money going back, where it left from, and the transaction it goes back against. */
export type NewRefundLeg = Pick<
  RefundLeg,
  'contract_id' | 'leg' | 'reason' | 'amount_minor' | 'currency' | 'from' | 'provider_transaction_id' | 'tx_ref' | 'payer_id'
>;

/** A refund leg as it is first written: pending, never asked for, with its reference. */
export function newRefundLeg(leg: NewRefundLeg, now: string): RefundLeg {
  return {
    ...leg,
    reference: refundReference(leg.contract_id, leg.leg),
    status: 'pending',
    provider_refund_id: null,
    attempts: 0,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

/** The reference of a contract's refund leg. */
export function refundReference(contractId: string, leg: string): string {
  return `refund-${contractId}-${leg}`;
}

/** Whether someone (a worker, the sweep) still has to move the leg: it is owed and not waiting for its payer. */
export const isOpenRefund = (status: RefundLegStatus) =>
  status === 'pending' || status === 'requested' || status === 'transferring';

const indexSortKey = (leg: Pick<RefundLeg, 'created_at' | 'contract_id' | 'leg'>) =>
  `${leg.created_at}#${leg.contract_id}#${leg.leg}`;

export function toItem(leg: RefundLeg): Record<string, unknown> {
  const gsi1 = gsi1Partition(leg.status);
  const open = gsi1 ? { GSI1PK: gsi1, GSI1SK: indexSortKey(leg) } : {};
  const waiting =
    leg.status === 'awaiting_bank_details' ? { GSI2PK: awaitingBankPartition(leg.payer_id), GSI2SK: indexSortKey(leg) } : {};
  return { ...refundLegKey(leg.contract_id, leg.leg), ...open, ...waiting, ...leg };
}

export function fromItem(item: Record<string, unknown>): RefundLeg {
  return withoutKeys(item) as unknown as RefundLeg;
}

/** The put of a new leg (part of the transaction that posts its amount to refund_pending): only once per leg. */
export function refundLegPut(leg: RefundLeg): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(leg), ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getRefundLeg(contractId: string, leg: string): Promise<RefundLeg | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: refundLegKey(contractId, leg), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
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

/** Every leg waiting for this payer's bank account, oldest first. */
export async function listRefundsAwaitingBankDetails(payerId: string): Promise<RefundLeg[]> {
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': awaitingBankPartition(payerId) },
  });
  return items.map(fromItem);
}

/** Every leg still owed to a payer that a worker moves (pending, requested, transferring), oldest first. */
export async function listOpenRefundLegs(): Promise<RefundLeg[]> {
  return (await queryGsi1Partition(openLegsPartition)).map(fromItem);
}

/** Every leg that failed for good and waits for ops, oldest first. */
export async function listRefundLegsWaitingForOps(): Promise<RefundLeg[]> {
  return (await queryGsi1Partition(waitingLegsPartition)).map(fromItem);
}

/** Every leg waiting for its payer's bank account, whoever the payer, oldest first. */
export async function listRefundLegsAwaitingBankDetails(): Promise<RefundLeg[]> {
  return (await queryGsi1Partition(awaitingBankLegsPartition)).map(fromItem);
}

/** When a waiting leg began to wait. */
export const awaitingSince = (leg: Pick<RefundLeg, 'awaiting_since' | 'updated_at'>) => leg.awaiting_since ?? leg.updated_at;

/**
 * Claims the `count`th reminder of a leg still waiting as it was read (same status and attempts,
 * and as many reminders sent as read): true when this run sends it. Not a change of the leg: its
 * `updated_at` stays, so no worker's conditional write on the leg is disturbed.
 */
export async function claimBankReminder(leg: RefundLeg, count: number, now: string): Promise<boolean> {
  const write = updateItem({
    TableName: tableName(),
    Key: refundLegKey(leg.contract_id, leg.leg),
    UpdateExpression: 'SET #reminders = :count, #remindedAt = :now',
    ConditionExpression:
      '#status = :waiting AND #attempts = :attempts AND (attribute_not_exists(#reminders) OR #reminders = :sent)',
    ExpressionAttributeNames: {
      '#status': 'status',
      '#attempts': 'attempts',
      '#reminders': 'bank_reminders',
      '#remindedAt': 'bank_reminded_at',
    },
    ExpressionAttributeValues: {
      ':waiting': 'awaiting_bank_details',
      ':attempts': leg.attempts,
      ':sent': leg.bank_reminders ?? 0,
      ':count': count,
      ':now': now,
    },
  });
  return onConditionFailed(
    write.then(() => true),
    () => false,
  );
}

export type RefundLegChanges = Partial<
  Pick<
    RefundLeg,
    | 'status'
    | 'provider_refund_id'
    | 'attempts'
    | 'failure_reason'
    | 'completed_at'
    | 'method'
    | 'destination'
    | 'transfer_id'
    | 'transfer_status'
    | 'transfer_fee_minor'
    | 'previous_destinations'
    | 'attempt_limit'
    | 'awaiting_since'
    | 'bank_reminders'
  >
>;

/** The changes as written: a leg that begins to wait for its payer's bank account starts its wait's clock and reminders. */
export function withWaitStart(set: RefundLegChanges, now: string): RefundLegChanges {
  return set.status === 'awaiting_bank_details' ? { awaiting_since: now, bank_reminders: 0, ...set } : set;
}

/**
 * A change of a leg (alone, or part of a transaction), only from the status and attempts it was
 * read with, so of two workers acting on one read only one succeeds. A change of status moves the
 * leg into or out of the open-legs index and the payer's waiting-for-bank-details index.
 */
export function refundLegUpdate(leg: RefundLeg, changes: RefundLegChanges, now: string): TransactItem {
  const set = withWaitStart(changes, now);
  const names: Record<string, string> = { '#status': 'status', '#attempts': 'attempts', '#updated_at': 'updated_at' };
  const values: Record<string, unknown> = { ':was': leg.status, ':attempts': leg.attempts, ':now': now };
  const assignments = ['#updated_at = :now'];
  for (const [key, value] of Object.entries(set)) {
    names[`#${key}`] = key;
    values[`:set_${key}`] = value;
    assignments.push(`#${key} = :set_${key}`);
  }
  const removals: string[] = [];
  if (set.status !== undefined) {
    const index = (name: 'GSI1' | 'GSI2', partition: string | undefined) => {
      if (partition === undefined) return removals.push(`${name}PK`, `${name}SK`);
      values[`:${name}pk`] = partition;
      values[`:${name}sk`] = indexSortKey(leg);
      assignments.push(`${name}PK = :${name}pk`, `${name}SK = :${name}sk`);
    };
    index('GSI1', gsi1Partition(set.status));
    index('GSI2', set.status === 'awaiting_bank_details' ? awaitingBankPartition(leg.payer_id) : undefined);
  }
  return {
    Update: {
      TableName: tableName(),
      Key: refundLegKey(leg.contract_id, leg.leg),
      UpdateExpression: `SET ${assignments.join(', ')}${removals.length > 0 ? ` REMOVE ${removals.join(', ')}` : ''}`,
      ConditionExpression: '#status = :was AND #attempts = :attempts',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** {@link refundLegUpdate} on its own: the leg as it now is, or undefined when someone changed it first. */
export async function updateRefundLeg(leg: RefundLeg, set: RefundLegChanges): Promise<RefundLeg | undefined> {
  const now = new Date().toISOString();
  const { Update } = refundLegUpdate(leg, set, now) as { Update: NonNullable<TransactItem['Update']> };
  const write = updateItem({ ...Update, TableName: tableName() });
  return onConditionFailed(
    write.then(() => ({ ...leg, ...withWaitStart(set, now), updated_at: now })),
    () => undefined,
  );
}

/** Records the provider's refund id on a claimed leg, with the pointer back from that id: the leg as it now is, or undefined when changed first. */
export async function recordProviderRefund(leg: RefundLeg, providerRefundId: string): Promise<RefundLeg | undefined> {
  const now = new Date().toISOString();
  const write = transactWrite([
    refundLegUpdate(leg, { provider_refund_id: providerRefundId }, now),
    {
      Put: {
        TableName: tableName(),
        Item: { ...providerRefundKey(providerRefundId), contract_id: leg.contract_id, leg: leg.leg, recorded_at: now },
      },
    },
  ]);
  return onConditionFailed(
    write.then(() => ({ ...leg, provider_refund_id: providerRefundId, updated_at: now })),
    () => undefined,
  );
}

/** The leg a provider refund was recorded on, if any. */
export async function getRefundLegByProviderId(providerRefundId: string): Promise<RefundLeg | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: providerRefundKey(providerRefundId), ConsistentRead: true });
  return Item ? getRefundLeg(String(Item.contract_id), String(Item.leg)) : undefined;
}
