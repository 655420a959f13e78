import { getItem, putItem, updateItem } from '../adapters/dynamodb';
import type { Currency } from '../domain/money';
import type { PaymentMethod } from '../domain/payment';
import { onConditionFailed, queryAll, type TransactItem, tableName, transactWrite, withoutKeys } from './table';

/**
 * One payment into escrow: `PAYMENT#<txRef>` / `META`, recorded (`initiated`) with what is due
 * before the payer pays. Each provider transaction on that reference is recorded once, ever, as
 * `PAYMENT#<txRef>` / `TX#<provider transaction id>`: the credit is conditional on that record
 * not existing yet, so no provider transaction is credited twice, and a declined attempt never
 * blocks a later successful one on the same reference.
 */
export const paymentKey = (txRef: string) => ({ PK: `PAYMENT#${txRef}`, SK: 'META' });
export const providerTransactionKey = (txRef: string, providerTransactionId: string) => ({
  PK: `PAYMENT#${txRef}`,
  SK: `TX#${providerTransactionId}`,
});

export type PaymentState = 'initiated' | 'credited' | 'refunding';
/**
 * What became of a provider transaction: credited into escrow (any excess beyond what was due goes
 * back to the payer), `refunding` (the contract took none of it: all of it goes back), failed at the
 * provider, or refused (not this payment's: another reference or currency).
 */
export type TransactionOutcome = 'credited' | 'refunding' | 'failed' | 'refused';

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
  last_outcome?: Exclude<TransactionOutcome, 'credited' | 'refunding'>;
  outcome_reason?: string;
}

/** What became of one provider transaction on a payment's reference. */
export interface ProviderTransactionRecord {
  tx_ref: string;
  provider_transaction_id: string;
  outcome: TransactionOutcome;
  amount_minor: number;
  /** What the provider kept of it (its fee), posted as the platform's cost when it is credited. */
  provider_fee_minor?: number;
  currency: string;
  reason?: string;
  recorded_at: string;
}

/**
 * A payment nobody has heard the end of yet (`initiated`) is listed in GSI1 under `PAYMENT#OPEN`,
 * oldest first, so the reconciler verifies it with the provider even when nobody polls it and its
 * webhook was lost; it leaves the index once credited or refunded, or when the reconciler stops
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

/** Stops listing a payment as open (the reconciler gave up watching it: its charge expired long ago). */
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

/** A contract's record of one of its payments: `CONTRACT#<id>` / `PAYMENT#<txRef>`, so its payments can be listed. */
export const contractPaymentKey = (contractId: string, txRef: string) => ({
  PK: `CONTRACT#${contractId}`,
  SK: `PAYMENT#${txRef}`,
});

/** Records a payment about to be made, listed under its contract; a reference is used once. */
export async function putPayment(payment: Payment): Promise<void> {
  await transactWrite([
    { Put: { TableName: tableName(), Item: toItem(payment), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...contractPaymentKey(payment.contract_id, payment.tx_ref),
          tx_ref: payment.tx_ref,
          created_at: payment.created_at,
        },
      },
    },
  ]);
}

/** The references of a contract's payments, oldest first. */
export async function listPaymentReferences(contractId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `CONTRACT#${contractId}`, ':prefix': 'PAYMENT#' },
    ConsistentRead: true,
  });
  return items.map((item) => String(item.tx_ref));
}

export async function getPayment(txRef: string): Promise<Payment | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: paymentKey(txRef), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

export async function getTransactionRecord(
  txRef: string,
  providerTransactionId: string,
): Promise<ProviderTransactionRecord | undefined> {
  const { Item } = await getItem({
    TableName: tableName(),
    Key: providerTransactionKey(txRef, providerTransactionId),
    ConsistentRead: true,
  });
  return Item as ProviderTransactionRecord | undefined;
}

/** The record of a provider transaction (first item of the transaction that settles it): only if it was never recorded. */
export function transactionRecordPut(record: ProviderTransactionRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...providerTransactionKey(record.tx_ref, record.provider_transaction_id), ...record },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The payment's side of a settled provider transaction (part of its transaction): what it credited
 * and what goes back to the payer. The payment is `credited` once anything was, else `refunding`;
 * conditional on the status it was read with, so two transactions on one reference settle in turn.
 */
export function paymentSettled(payment: Payment, creditMinor: number, refundingMinor: number, now: string): TransactItem {
  const status: PaymentState = payment.status === 'credited' || creditMinor > 0 ? 'credited' : 'refunding';
  return {
    Update: {
      TableName: tableName(),
      Key: paymentKey(payment.tx_ref),
      // Settled: no longer an open payment for the reconciler.
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

/** Records a provider transaction that credits nothing, once; false when it was already recorded. */
export async function recordWithoutCredit(
  record: ProviderTransactionRecord & { outcome: 'failed' | 'refused' },
): Promise<boolean> {
  const written = transactWrite([
    transactionRecordPut(record),
    {
      Update: {
        TableName: tableName(),
        Key: paymentKey(record.tx_ref),
        UpdateExpression: 'SET last_outcome = :outcome, outcome_reason = :reason',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':outcome': record.outcome, ':reason': record.reason ?? record.outcome },
      },
    },
  ]);
  return onConditionFailed(
    written.then(() => true),
    () => false,
  );
}

/**
 * The contract's open bank-transfer account: `CONTRACT#<id>` / `TRANSFER_ACCOUNT`, the one account
 * every visit to the checkout shows while nothing has reached it, so two visits never make two
 * accounts that each take the full amount.
 */
export const transferAccountKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'TRANSFER_ACCOUNT' });

export interface OpenTransferAccount {
  contract_id: string;
  /** The payment it credits. */
  tx_ref: string;
  account_number: string;
  bank_name: string;
  /** What to send (the provider's figure) and what was due when it was made. */
  amount_minor: number;
  amount_due_minor: number;
  currency: Currency;
  expires_at: string;
  created_at: string;
}

export async function getTransferAccount(contractId: string): Promise<OpenTransferAccount | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: transferAccountKey(contractId), ConsistentRead: true });
  return Item ? (withoutKeys(Item) as unknown as OpenTransferAccount) : undefined;
}

/** Makes `account` the contract's open one, only in place of `replacing` (or of none): false when another visit got in first. */
export async function putTransferAccount(account: OpenTransferAccount, replacing: string | null): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: { ...transferAccountKey(account.contract_id), ...account },
    ConditionExpression: replacing === null ? 'attribute_not_exists(PK)' : 'tx_ref = :replacing',
    ...(replacing === null ? {} : { ExpressionAttributeValues: { ':replacing': replacing } }),
  });
  return onConditionFailed(
    write.then(() => true),
    () => false,
  );
}

/** Every provider transaction recorded on a payment's reference, and what became of it. */
export async function listTransactionRecords(txRef: string): Promise<ProviderTransactionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `PAYMENT#${txRef}`, ':prefix': 'TX#' },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys(item) as unknown as ProviderTransactionRecord);
}
