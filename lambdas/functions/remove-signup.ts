import * as endpoints from '../core/api/endpoints/identity';
import { accountMessages } from '../core/domain/identity';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { removeUnconfirmedSignup } from '../core/services/signup-confirmation';

/** "This was not me", from the confirmation email: removes the unconfirmed account made with the address. */
export const handler = endpointFunction(
  endpoints.removeSignup,
  async ({ body: { email, token } }) => {
    await removeUnconfirmedSignup(email, token);
    return { message: accountMessages.signupRemoved };
  },
  { body: jsonBody },
);
