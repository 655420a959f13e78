import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '../adapters/aws';
import type { Currency } from '../domain/money';
import type { PaymentMethod } from '../domain/payment';
import { onConditionFailed, type TransactItem, tableName, withoutKeys } from './table';

/**
 * One payment into escrow: `PAYMENT#<txRef>` / `META`. Recorded (`initiated`) before the payer
 * pays, with what is due; credited at most once, ever: the credit is conditional on the payment
 * still being `initiated`.
 */
export const paymentKey = (txRef: string) => ({ PK: `PAYMENT#${txRef}`, SK: 'META' });

export type PaymentState = 'initiated' | 'credited' | 'failed' | 'refused';

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
  /** Once the provider confirmed it: its transaction, and what was credited into escrow. */
  provider_transaction_id?: string;
  amount_credited_minor?: number;
  settled_at?: string;
  /** Why it was not credited (failed at the provider, wrong currency, contract no longer payable). */
  outcome_reason?: string;
}

export function toItem(payment: Payment): Record<string, unknown> {
  return { ...paymentKey(payment.tx_ref), ...payment };
}

export function fromItem(item: Record<string, unknown>): Payment {
  return withoutKeys(item) as unknown as Payment;
}

/** Records a payment about to be made; a reference is used once. */
export async function putPayment(payment: Payment): Promise<void> {
  await documents().send(
    new PutCommand({ TableName: tableName(), Item: toItem(payment), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export async function getPayment(txRef: string): Promise<Payment | undefined> {
  const { Item } = await documents().send(
    new GetCommand({ TableName: tableName(), Key: paymentKey(txRef), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
}

/** The credit of a payment (part of the credit transaction): only while it is still `initiated`. */
export function paymentCredit(txRef: string, providerTransactionId: string, amountMinor: number, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: paymentKey(txRef),
      UpdateExpression:
        'SET #status = :credited, provider_transaction_id = :tx, amount_credited_minor = :amount, settled_at = :now',
      ConditionExpression: '#status = :initiated',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':credited': 'credited',
        ':initiated': 'initiated',
        ':tx': providerTransactionId,
        ':amount': amountMinor,
        ':now': now,
      },
    },
  };
}

/** Settles a payment that credits nothing (failed, refused), once; false when it was already settled. */
export async function settleWithoutCredit(
  txRef: string,
  outcome: Exclude<PaymentState, 'initiated' | 'credited'>,
  reason: string,
  providerTransactionId: string,
  now: string,
): Promise<boolean> {
  const settled = documents().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: paymentKey(txRef),
      UpdateExpression: 'SET #status = :outcome, outcome_reason = :reason, provider_transaction_id = :tx, settled_at = :now',
      ConditionExpression: '#status = :initiated',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':outcome': outcome,
        ':reason': reason,
        ':tx': providerTransactionId,
        ':now': now,
        ':initiated': 'initiated',
      },
    }),
  );
  return onConditionFailed(
    settled.then(() => true),
    () => false,
  );
}
