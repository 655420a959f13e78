import { putItem } from '../adapters/dynamodb';
import { onConditionFailed, tableName } from './table';

/**
 * Money the provider took under a reference no payment of ours has (no contract can take it; ops
 * must return it): `UNKNOWN_TX#<provider transaction id>` / `RECORD`, recorded once per provider
 * transaction, so a webhook delivered again or a status check after it neither records nor pages
 * it twice.
 */
export const unknownTransactionKey = (providerTransactionId: number | string) => ({
  PK: `UNKNOWN_TX#${providerTransactionId}`,
  SK: 'RECORD',
});

/** Records, once, a provider transaction under a reference no payment has. False when it was already recorded. */
export async function recordUnknownTransaction(transaction: {
  id: number | string;
  txRef: string;
  amountMinor: number;
  currency: string;
}): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: {
      ...unknownTransactionKey(transaction.id),
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
