import * as endpoints from '../core/api/endpoints/identity';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { confirmSignup } from '../core/services/signup-confirmation';

/** The emailed confirmation link: confirms the email with the password chosen at sign-up. */
export const handler = endpointFunction(
  endpoints.confirmEmail,
  async ({ body: { email, code, password } }) => {
    await confirmSignup(email, code, password);
    return { message: 'Your email has been confirmed.' };
  },
  { body: jsonBody },
);
