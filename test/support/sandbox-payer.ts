import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { providerCheckKey } from '../../lambdas/core/entities/payment';
import { type LocalCloud, localStage } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';

/**
 * A payer on the provider sandbox's own pages, as a person pays: a transfer from its bank page to
 * a one-off account, or a choice on its hosted card page.
 */

/** Sends `naira` (a decimal string) from the sandbox's bank page to `accountNumber`; answers the page's status. */
export async function sendFromBank(
  cloud: { flutterwave: { bankUrl: string } },
  accountNumber: string,
  naira: string,
): Promise<number> {
  const response = await fetch(cloud.flutterwave.bankUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_number: accountNumber, amount: naira }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The payer's choice on the provider's hosted card page for this reference. */
export async function cardCheckout(
  cloud: LocalCloud,
  txRef: string,
  naira: string,
  action: 'pay' | 'fail',
  currency = 'NGN',
): Promise<void> {
  const response = await fetch(`${cloud.flutterwave.url.replace(/\/v3$/, '')}/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      public_key: cloud.flutterwave.publicKey,
      tx_ref: txRef,
      amount: naira,
      currency,
      customer_email: 'buyer@example.com',
      redirect_url: `${cloud.appUrl}/payment-verification`,
      action,
    }),
  });
  expect(response.status).toBe(303);
}

/** The refunds the provider made of the payer's transaction on reference `txRef`. */
export function providerRefundsOf(cloud: LocalCloud, txRef: string) {
  const transaction = cloud.flutterwave.transactions().find((t) => t.txRef === txRef);
  return cloud.flutterwave.refunds().filter((r) => r.transactionId === transaction?.id);
}

/**
 * Makes a payment's last provider check a minute old, as if the checkout's next poll came after
 * it (services/payments/status.ts asks the provider again after 4 s): set on the stored check, not
 * waited for.
 */
export async function ageProviderCheck(txRef: string): Promise<void> {
  await documents().send(
    new UpdateCommand({
      TableName: localStage.tableName,
      Key: providerCheckKey(txRef),
      UpdateExpression: 'SET checked_at = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
    }),
  );
}
