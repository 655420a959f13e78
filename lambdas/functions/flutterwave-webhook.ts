import { webhookEvent } from '../core/adapters/flutterwave/webhooks';
import { apiFunction, json, jsonBody } from '../core/runtime/api-function';
import { handleChargeWebhook } from '../core/services/payments';
import { handleTransferWebhook } from '../core/services/payouts/transfer-webhook';

/**
 * The payment provider's webhooks, checked and read back from the provider before anything
 * changes: `charge.completed` credits a payment at most once; `transfer.completed` answers a payout.
 */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    if (webhookEvent(event.body) === 'transfer.completed') await handleTransferWebhook(event.headers, event.body);
    else await handleChargeWebhook(event.headers, event.body);
    return json(200, { received: true });
  });
