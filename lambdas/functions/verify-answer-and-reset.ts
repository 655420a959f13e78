import { startPasswordReset } from '../core/accounts';
import { verifyAnswerAndResetRequestSchema } from '../core/contracts/identity';
import { apiFunction, json, jsonBody, parseInput } from '../core/http';
import { throttles } from '../core/identity-throttles';
import { countAttempt } from '../core/throttle';

/** Forgot password, step 3: a right answer emails a single-use reset link; throttled per email. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email, securityAnswer } = parseInput(verifyAnswerAndResetRequestSchema, event.body);
    await countAttempt(throttles.reset, email);
    await startPasswordReset(email, securityAnswer);
    return json(200, { message: 'A password reset link has been sent to your email.' });
  });
