import { getItem } from '../adapters/dynamodb';
import { paymentNotCredited, type UncreditedOutcome } from './payment';
import { onConditionFailed, queryAll, type TransactItem, tableName, transactWrite, withoutKeys } from './table';

/**
 * What became of one provider transaction on a payment's reference: `PAYMENT#<txRef>` /
 * `TX#<provider transaction id>`, recorded once, ever. The credit is conditional on that record not
 * existing yet, so no provider transaction is credited twice, and a declined attempt never blocks
 * a later successful one on the same reference.
 */
export const providerTransactionKey = (txRef: string, providerTransactionId: string) => ({
  PK: `PAYMENT#${txRef}`,
  SK: `TX#${providerTransactionId}`,
});

/**
 * What became of a provider transaction: credited into escrow (any excess beyond what was due goes
 * back to the payer), `refunding` (the contract took none of it: all of it goes back), failed at the
 * provider, or refused (not this payment's: another reference or currency).
 */
export type TransactionOutcome = 'credited' | 'refunding' | UncreditedOutcome;

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

/** Records a provider transaction that credits nothing, once; false when it was already recorded. */
export async function recordWithoutCredit(record: ProviderTransactionRecord & { outcome: UncreditedOutcome }): Promise<boolean> {
  const written = transactWrite([
    transactionRecordPut(record),
    paymentNotCredited(record.tx_ref, record.outcome, record.reason ?? record.outcome),
  ]);
  return onConditionFailed(
    written.then(() => true),
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
