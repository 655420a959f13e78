import { getItem, updateItem } from '../adapters/dynamodb';
import type { Currency } from '../domain/money';
import type { PaymentMethod } from '../domain/payment';
import { contractPaymentPut } from './contract-payment';
import { onConditionFailed, queryAll, type TransactItem, tableName, transactWrite, withoutKeys } from './table';

/**
 * One payment into escrow: `PAYMENT#<txRef>` / `META`, recorded (`initiated`) with what is due
 * before the payer pays, and listed under its contract (entities/contract-payment.ts). What became
 * of each provider transaction on its reference is recorded beside it, once, ever
 * (entities/provider-transaction.ts).
 */
export const paymentKey = (txRef: string) => ({ PK: `PAYMENT#${txRef}`, SK: 'META' });

export type PaymentState = 'initiated' | 'credited' | 'refunding';

/**
 * Why a provider transaction credited nothing: it failed at the provider, or it was refused (not
 * this payment's: another reference or currency).
 */
export type UncreditedOutcome = 'failed' | 'refused';

export interface Payment {
  tx_ref: string;
  contract_id: string;
  payer_id: string;
  method: PaymentMethod;
  currency: Currency;
  /** What was due when the payer started paying. */
  amount_due_minor: number;
  status: PaymentState;
  created_at: string;
  /** What its provider transactions credited into escrow. */
  amount_credited_minor?: number;
  /** What of them goes back to the payer (beyond what was due, or paid to a contract that took no more). */
  amount_refunding_minor?: number;
  settled_at?: string;
  /** The last provider transaction that credited nothing, and why (failed at the provider, wrong currency, contract closed). */
  last_outcome?: UncreditedOutcome;
  outcome_reason?: string;
}

/** What a status poll made of the provider's answer for a payment still initiated. */
export type ProviderCheckStatus = 'pending' | 'failed';

/**
 * A payment nobody has heard the end of yet (`initiated`) is listed in GSI1 under `PAYMENT#OPEN`,
 * oldest first, so the sweep verifies it with the provider even when nobody polls it and its
 * webhook was lost; it leaves the index once credited or refunded, or when the sweep stops
 * watching it.
 */
const openPaymentsPartition = 'PAYMENT#OPEN';

export function toItem(payment: Payment): Record<string, unknown> {
  const open =
    payment.status === 'initiated' ? { GSI1PK: openPaymentsPartition, GSI1SK: `${payment.created_at}#${payment.tx_ref}` } : {};
  return { ...paymentKey(payment.tx_ref), ...open, ...payment };
}

/** Initiated payments started before `before` (ISO), oldest first. */
export async function listOpenPayments(before: string): Promise<Payment[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': openPaymentsPartition, ':before': before },
  });
  return items.map(fromItem);
}

/** Stops listing a payment as open (the sweep gave up watching it: its charge expired long ago). */
export async function closeOpenPayment(txRef: string): Promise<void> {
  await updateItem({
    TableName: tableName(),
    Key: paymentKey(txRef),
    UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
    ConditionExpression: 'attribute_exists(PK)',
  });
}

export function fromItem(item: Record<string, unknown>): Payment {
  return withoutKeys(item) as unknown as Payment;
}

/**
 * Records a payment about to be made, listed under its contract; a reference is used once: false
 * (nothing written) when another payment already has it.
 */
export async function putPayment(payment: Payment): Promise<boolean> {
  const written = transactWrite([
    { Put: { TableName: tableName(), Item: toItem(payment), ConditionExpression: 'attribute_not_exists(PK)' } },
    contractPaymentPut(payment),
  ]);
  return onConditionFailed(
    written.then(() => true),
    () => false,
  );
}

export async function getPayment(txRef: string): Promise<Payment | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: paymentKey(txRef), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/**
 * The payment's side of a credited provider transaction (part of its transaction): what it credited
 * and what goes back to the payer. The payment is `credited` once anything was, else `refunding`;
 * conditional on the status it was read with, so two transactions on one reference are credited in
 * turn.
 */
export function paymentCredited(payment: Payment, creditMinor: number, refundingMinor: number, now: string): TransactItem {
  const status: PaymentState = payment.status === 'credited' || creditMinor > 0 ? 'credited' : 'refunding';
  return {
    Update: {
      TableName: tableName(),
      Key: paymentKey(payment.tx_ref),
      // Settled: no longer an open payment for the sweep.
      UpdateExpression:
        'SET #status = :status, settled_at = :now ADD amount_credited_minor :credit, amount_refunding_minor :refunding REMOVE GSI1PK, GSI1SK',
      ConditionExpression: '#status = :was',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':was': payment.status,
        ':credit': creditMinor,
        ':refunding': refundingMinor,
        ':now': now,
      },
    },
  };
}

/**
 * The status poll's cache of the provider's word on an initiated payment, an item of its own
 * beside the payment (`PAYMENT#<txRef>` / `CHECK`): when a poll last asked the provider (taken
 * before it asks, so concurrent polls ask once) and what it made of the answer. Never read for
 * money: only what the provider's verify confirms is credited.
 *
 * Not on the payment's own item: an initiated payment is in GSI1's one `PAYMENT#OPEN` partition,
 * which projects every attribute, so each check written there was also a write to that partition,
 * shared by every open payment: a checkout polls every 5 s while its payer makes the transfer,
 * and at a hundred times the launch load those writes alone passed the partition's 1,000 a second
 * (docs/scale.md). This item is in no index. It expires a day after its last check.
 */
export interface ProviderCheck {
  checked_at: string;
  status?: ProviderCheckStatus;
}

export const providerCheckKey = (txRef: string) => ({ PK: `PAYMENT#${txRef}`, SK: 'CHECK' });

/** How long a check item outlives its last check (TTL): the poll's cache is of no use a day later. */
const providerCheckLifetimeSeconds = 24 * 3600;

export async function getProviderCheck(txRef: string): Promise<ProviderCheck | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: providerCheckKey(txRef), ConsistentRead: true });
  // A check given back (releaseProviderCheck) leaves the item without one.
  if (typeof Item?.checked_at !== 'string') return undefined;
  return { checked_at: Item.checked_at, ...(Item.status ? { status: Item.status as ProviderCheckStatus } : {}) };
}

/**
 * Takes the next provider check of a payment, stamped `checkedAt`: only when no poll has asked
 * the provider since `staleBefore` (ISO), so of many concurrent polls one asks. False when another
 * poll's check is still fresh. The caller has read the payment initiated; were it credited
 * meanwhile, the check asks the provider once more and credits nothing twice (creditTransaction).
 */
export async function claimProviderCheck(txRef: string, checkedAt: string, staleBefore: string): Promise<boolean> {
  const claimed = updateItem({
    TableName: tableName(),
    Key: providerCheckKey(txRef),
    UpdateExpression: 'SET checked_at = :checkedAt, expiresAt = :expiresAt REMOVE #status',
    ConditionExpression: 'attribute_not_exists(checked_at) OR checked_at < :staleBefore',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':checkedAt': checkedAt,
      ':staleBefore': staleBefore,
      ':expiresAt': Math.floor(Date.parse(checkedAt) / 1000) + providerCheckLifetimeSeconds,
    },
  });
  return onConditionFailed(
    claimed.then(() => true),
    () => false,
  );
}

/** Keeps what the check stamped `checkedAt` made of the provider's answer, unless a later check has taken over. */
export async function recordProviderCheck(txRef: string, checkedAt: string, status: ProviderCheckStatus): Promise<void> {
  await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: providerCheckKey(txRef),
      UpdateExpression: 'SET #status = :status',
      ConditionExpression: 'checked_at = :checkedAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':checkedAt': checkedAt },
    }),
    () => undefined,
  );
}

/** Gives back the check stamped `checkedAt` (the provider could not answer): the next poll asks again. */
export async function releaseProviderCheck(txRef: string, checkedAt: string): Promise<void> {
  await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: providerCheckKey(txRef),
      UpdateExpression: 'REMOVE checked_at',
      ConditionExpression: 'checked_at = :checkedAt',
      ExpressionAttributeValues: { ':checkedAt': checkedAt },
    }),
    () => undefined,
  );
}

/**
 * The payment's side of a provider transaction that credited nothing (part of the transaction that
 * records it): why, kept on the payment for finance.
 */
export function paymentNotCredited(txRef: string, outcome: UncreditedOutcome, reason: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: paymentKey(txRef),
      UpdateExpression: 'SET last_outcome = :outcome, outcome_reason = :reason',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':outcome': outcome, ':reason': reason },
    },
  };
}
