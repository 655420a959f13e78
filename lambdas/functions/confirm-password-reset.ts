import { completePasswordReset } from '../core/accounts';
import { confirmPasswordResetRequestSchema } from '../core/contracts/identity';
import { apiFunction, json, jsonBody, parseInput } from '../core/http';

/** Sets the new password from the emailed link (single use), then signs the user out everywhere. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { token, newPassword } = parseInput(confirmPasswordResetRequestSchema, event.body);
    await completePasswordReset(token, newPassword);
    return json(200, { message: 'Your password has been reset. You can now sign in.' });
  });
