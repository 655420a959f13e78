import { logger } from '../core/adapters/logger';
import { messageResponseSchema } from '../core/api/common';
import { sendSignupConfirmationRequestSchema } from '../core/api/identity';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { sendWelcome } from '../core/services/accounts';

/** The welcome email after sign-up: sent once per new account; failures are only logged (spec). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email } = parseInput(sendSignupConfirmationRequestSchema, event.body);
    await sendWelcome(email).catch((error) => logger.warn('Welcome email not sent', { error: error as Error }));
    return respond(messageResponseSchema, { message: 'ok' });
  });
