import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { saveEmailPreferences } from '../core/services/accounts';

/** Turns the caller's emails that are not about money on or off (money movements always go). */
export const handler = endpointFunction(
  endpoints.saveEmailPreferences,
  async ({ caller, body: { email_updates } }) => {
    await saveEmailPreferences(caller.sub, email_updates);
    return { message: email_updates ? 'Email updates are on.' : 'Email updates are off.' };
  },
  { body: jsonBody },
);
