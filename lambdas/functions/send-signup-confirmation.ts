import { logger } from '../core/adapters/logger';
import * as endpoints from '../core/api/endpoints/identity';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { sendWelcome } from '../core/services/accounts';

/** The welcome email after sign-up: sent once per new account; failures are only logged (spec). */
export const handler = endpointFunction(
  endpoints.sendSignupConfirmation,
  async ({ body: { email } }) => {
    await sendWelcome(email).catch((error) => logger.warn('Welcome email not sent', { error: error as Error }));
    return { message: 'ok' };
  },
  { body: jsonBody },
);
