import { messageResponseSchema } from '../core/api/common';
import { confirmEmailRequestSchema } from '../core/api/identity';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { confirmSignup } from '../core/services/signup-confirmation';

/** The emailed confirmation link: confirms the email with the password chosen at sign-up. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email, code, password } = parseInput(confirmEmailRequestSchema, event.body);
    await confirmSignup(email, code, password);
    return respond(messageResponseSchema, { message: 'Your email has been confirmed.' });
  });
