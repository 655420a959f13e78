import { type ChargeWebhook, chargeWebhookSchema } from '../../adapters/flutterwave/charges';
import { verifyTransaction } from '../../adapters/flutterwave/transactions';
import { isAuthenticWebhook } from '../../adapters/flutterwave/webhooks';
import { logger } from '../../adapters/logger';
import { paymentMessages } from '../../api/payments';
import { UnauthorizedError, ValidationError } from '../../domain/errors';
import { creditTransaction } from './credit-transaction';
import { withProvider } from './provider';

/**
 * The provider's `charge.completed` webhook: its `verif-hash` must be the stage's secret hash
 * (401 and nothing changed otherwise); the body only names the transaction, which is verified with
 * the provider before anything is credited.
 */
export async function handleChargeWebhook(headers: Record<string, string | undefined>, body: unknown): Promise<void> {
  if (!(await isAuthenticWebhook(headers))) throw new UnauthorizedError('Invalid webhook signature.');
  const parsed = chargeWebhookSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError('Not a charge.completed webhook.');
  const webhook: ChargeWebhook = parsed.data;
  const transaction = await withProvider(() => verifyTransaction(webhook.data.id), paymentMessages.verificationUnavailable);
  if (!transaction) {
    logger.warn('Webhook for a transaction the provider does not know', { txRef: webhook.data.tx_ref });
    return;
  }
  await creditTransaction(transaction);
}
