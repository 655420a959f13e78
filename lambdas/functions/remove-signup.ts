import { messageResponseSchema } from '../core/api/common';
import { removeSignupRequestSchema } from '../core/api/identity';
import { accountMessages } from '../core/domain/identity';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { removeUnconfirmedSignup } from '../core/services/signup-confirmation';

/** "This was not me", from the confirmation email: removes the unconfirmed account made with the address. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email, token } = parseInput(removeSignupRequestSchema, event.body);
    await removeUnconfirmedSignup(email, token);
    return respond(messageResponseSchema, { message: accountMessages.signupRemoved });
  });
