import { webhookEvent } from '../core/adapters/flutterwave/webhooks';
import * as endpoints from '../core/api/endpoints/payments';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { handleChargeWebhook } from '../core/services/payments/webhook';
import { handleTransferWebhook } from '../core/services/payouts/transfer-webhook';
import { handleRefundWebhook } from '../core/services/refunds/webhook';

/**
 * The payment provider's webhooks, checked and read back from the provider before anything
 * changes: `charge.completed` credits a payment at most once; `transfer.completed` answers a
 * payout; `refund.completed` / `refund.failed` move a refund leg on.
 */
export const handler = endpointFunction(
  endpoints.flutterwaveWebhook,
  async ({ event }) => {
    const kind = webhookEvent(event.body);
    if (kind === 'transfer.completed') await handleTransferWebhook(event.headers, event.body);
    else if (kind === 'refund.completed' || kind === 'refund.failed') await handleRefundWebhook(event.headers, event.body);
    else await handleChargeWebhook(event.headers, event.body);
    return { received: true };
  },
  { body: jsonBody },
);
