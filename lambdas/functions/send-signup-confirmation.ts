import { sendWelcome } from '../core/accounts';
import { sendSignupConfirmationRequestSchema } from '../core/contracts/identity';
import { markWelcomed } from '../core/entities/profile';
import { apiFunction, json, jsonBody, parseInput } from '../core/http';
import { logger } from '../core/logger';

/** The welcome email after sign-up: sent once per new account; failures are only logged (spec). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email } = parseInput(sendSignupConfirmationRequestSchema, event.body);
    await sendWelcome(email, markWelcomed).catch((error) => logger.warn('Welcome email not sent', { error: error as Error }));
    return json(200, { message: 'ok' });
  });
