import { messageResponseSchema } from '../core/api/common';
import { confirmPasswordResetRequestSchema } from '../core/api/identity';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { completePasswordReset } from '../core/services/accounts';

/** Sets the new password from the emailed link (single use), then signs the user out everywhere. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { token, newPassword } = parseInput(confirmPasswordResetRequestSchema, event.body);
    await completePasswordReset(token, newPassword);
    return respond(messageResponseSchema, { message: 'Your password has been reset. You can now sign in.' });
  });
