import * as endpoints from '../core/api/endpoints/identity';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { completePasswordReset } from '../core/services/accounts';

/** Sets the new password from the emailed link (single use), then signs the user out everywhere. */
export const handler = endpointFunction(
  endpoints.confirmPasswordReset,
  async ({ body: { token, newPassword } }) => {
    await completePasswordReset(token, newPassword);
    return { message: 'Your password has been reset. You can now sign in.' };
  },
  { body: jsonBody },
);
