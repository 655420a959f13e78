import { apiFunction, json, jsonBody } from '../core/runtime/api-function';
import { handleChargeWebhook } from '../core/services/payments';

/** The payment provider's `charge.completed` webhook: checked, verified with the provider, credited at most once. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    await handleChargeWebhook(event.headers, event.body);
    return json(200, { received: true });
  });
