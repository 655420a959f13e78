import { deleteItem, getItem, putItem, updateItem } from '../adapters/dynamodb';
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
  /**
   * The status poll's cache of the provider's word while the payment is initiated: when a poll last
   * asked the provider (taken before it asks, so concurrent polls ask once) and what it made of the
   * answer. Never read for money: only what the provider's verify confirms is credited.
   */
  provider_checked_at?: string;
  provider_status?: ProviderCheckStatus;
}

/** What a status poll made of the provider's answer for a payment still initiated. */
export type ProviderCheckStatus = 'pending' | 'failed';

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

/**
 * Records a payment about to be made, listed under its contract; a reference is used once: false
 * (nothing written) when another payment already has it.
 */
export async function putPayment(payment: Payment): Promise<boolean> {
  const written = transactWrite([
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
  return onConditionFailed(
    written.then(() => true),
    () => false,
  );
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

/**
 * Takes the next provider check of an initiated payment, stamped `checkedAt`: only when no poll has
 * asked the provider since `staleBefore` (ISO), so of many concurrent polls one asks. False when
 * another poll's check is still fresh, or the payment is no longer initiated.
 */
export async function claimProviderCheck(txRef: string, checkedAt: string, staleBefore: string): Promise<boolean> {
  const claimed = updateItem({
    TableName: tableName(),
    Key: paymentKey(txRef),
    UpdateExpression: 'SET provider_checked_at = :checkedAt',
    ConditionExpression:
      '#status = :initiated AND (attribute_not_exists(provider_checked_at) OR provider_checked_at < :staleBefore)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':initiated': 'initiated', ':checkedAt': checkedAt, ':staleBefore': staleBefore },
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
      Key: paymentKey(txRef),
      UpdateExpression: 'SET provider_status = :status',
      ConditionExpression: 'provider_checked_at = :checkedAt',
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
      Key: paymentKey(txRef),
      UpdateExpression: 'REMOVE provider_checked_at',
      ConditionExpression: 'provider_checked_at = :checkedAt',
      ExpressionAttributeValues: { ':checkedAt': checkedAt },
    }),
    () => undefined,
  );
}

/**
 * Records, once, a provider transaction under a reference no payment of ours has (money no
 * contract can take): `UNKNOWN_TX#<provider id>`. False when it was already recorded (a webhook
 * delivered again, a status check after it).
 */
export async function recordUnknownTransaction(transaction: {
  id: number | string;
  txRef: string;
  amountMinor: number;
  currency: string;
}): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: {
      PK: `UNKNOWN_TX#${transaction.id}`,
      SK: 'RECORD',
      tx_ref: transaction.txRef,
      amount_minor: transaction.amountMinor,
      currency: transaction.currency,
      recorded_at: new Date().toISOString(),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  return onConditionFailed(
    write.then(() => true),
    () => false,
  );
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
 * The contract's bank-transfer account: `CONTRACT#<id>` / `TRANSFER_ACCOUNT`. Either the open
 * account, the one every visit to the checkout shows while nothing has reached it (so two visits
 * never make two accounts that each take the full amount), or, while a request is making one at
 * the provider, that request's claim: one conditional put decides which request makes the
 * account, and every other request waits for it instead of making its own.
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

/** A request making the contract's account at the provider, for the payment `tx_ref` (no account number yet). */
export interface TransferAccountClaim {
  contract_id: string;
  /**
   * Made afresh by each claim (a payment reference is not unique to one request: two of one payer
   * in the same millisecond make the same): how a request knows the claim for its own.
   */
  claim_id: string;
  tx_ref: string;
  payer_id: string;
  claimed_at: string;
  /** After this the request is taken to have died (its provider call is long over): another may claim. */
  claimed_until: string;
}

export type TransferAccountSlot = OpenTransferAccount | TransferAccountClaim;

/** Whether the slot holds an account (a claim has no account number yet). */
export function isOpenAccount(slot: TransferAccountSlot): slot is OpenTransferAccount {
  return typeof (slot as Partial<OpenTransferAccount>).account_number === 'string';
}

export async function getTransferAccount(contractId: string): Promise<TransferAccountSlot | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: transferAccountKey(contractId), ConsistentRead: true });
  return Item ? (withoutKeys(Item) as unknown as TransferAccountSlot) : undefined;
}

/** The condition that the slot is still `seen` (none at all when undefined): the same reference, and still an account or still a claim. */
function stillSeen(seen: TransferAccountSlot | undefined) {
  if (!seen) return { ConditionExpression: 'attribute_not_exists(PK)' };
  return {
    ConditionExpression: `tx_ref = :seen AND ${isOpenAccount(seen) ? 'attribute_exists' : 'attribute_not_exists'}(account_number)`,
    ExpressionAttributeValues: { ':seen': seen.tx_ref },
  };
}

/**
 * Claims the making of the contract's account, in place of `replacing` as it was read (an account
 * nobody may pay into any more, a claim whose request died, or none): false when another request
 * changed the slot first, and so makes the account itself.
 */
export async function claimTransferAccount(
  claim: TransferAccountClaim,
  replacing: TransferAccountSlot | undefined,
): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: { ...transferAccountKey(claim.contract_id), ...claim },
    ...stillSeen(replacing),
  });
  // Refused, or taken by an attempt whose answer was lost (the retry then finds the claim in place):
  // the slot says which.
  return onConditionFailed(
    write.then(() => true),
    async () => {
      const slot = await getTransferAccount(claim.contract_id);
      return slot !== undefined && !isOpenAccount(slot) && slot.claim_id === claim.claim_id;
    },
  );
}

/** Makes `account` the contract's open one in place of the claim `claimId`: false when the claim was lost (it lapsed and another took over). */
export async function openTransferAccount(account: OpenTransferAccount, claimId: string): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: { ...transferAccountKey(account.contract_id), ...account },
    ConditionExpression: 'claim_id = :mine AND attribute_not_exists(account_number)',
    ExpressionAttributeValues: { ':mine': claimId },
  });
  // Refused, or put by an attempt whose answer was lost (the retry then finds the account in place).
  return onConditionFailed(
    write.then(() => true),
    async () => {
      const slot = await getTransferAccount(account.contract_id);
      return (
        slot !== undefined &&
        isOpenAccount(slot) &&
        slot.tx_ref === account.tx_ref &&
        slot.account_number === account.account_number
      );
    },
  );
}

/** Withdraws the claim `claimId` that made no account (refused, or the provider failed), so the next visit may try; a no-op once it is not ours. */
export async function releaseTransferAccountClaim(contractId: string, claimId: string): Promise<void> {
  await onConditionFailed(
    deleteItem({
      TableName: tableName(),
      Key: transferAccountKey(contractId),
      ConditionExpression: 'claim_id = :mine AND attribute_not_exists(account_number)',
      ExpressionAttributeValues: { ':mine': claimId },
    }),
    () => undefined,
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
