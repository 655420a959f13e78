import { queryAll, type TransactItem, tableName } from './table';

/**
 * A contract's record of one of its payments: `CONTRACT#<id>` / `PAYMENT#<txRef>`, written with the
 * payment (entities/payment.ts `putPayment`), so a contract's payments can be listed: its funding
 * window's end verifies each before it cancels the contract.
 */
export const contractPaymentKey = (contractId: string, txRef: string) => ({
  PK: `CONTRACT#${contractId}`,
  SK: `PAYMENT#${txRef}`,
});

/** The contract's record of a payment (part of the transaction that records the payment). */
export function contractPaymentPut(payment: { contract_id: string; tx_ref: string; created_at: string }): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...contractPaymentKey(payment.contract_id, payment.tx_ref),
        tx_ref: payment.tx_ref,
        created_at: payment.created_at,
      },
    },
  };
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
