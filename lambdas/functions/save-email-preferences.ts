import { messageResponseSchema } from '../core/api/common';
import { emailPreferencesRequestSchema } from '../core/api/identity';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { saveEmailPreferences } from '../core/services/accounts';

/** Turns the caller's emails that are not about money on or off (money movements always go). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { email_updates } = parseInput(emailPreferencesRequestSchema, event.body);
    await saveEmailPreferences(sub, email_updates);
    return respond(messageResponseSchema, { message: email_updates ? 'Email updates are on.' : 'Email updates are off.' });
  });
