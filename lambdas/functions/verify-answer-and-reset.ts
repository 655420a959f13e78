import { messageResponseSchema } from '../core/api/common';
import { verifyAnswerAndResetRequestSchema } from '../core/api/identity';
import { throttles } from '../core/domain/throttle-rules';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { startPasswordReset } from '../core/services/accounts';
import { countFailures } from '../core/services/throttles';

/** Forgot password, step 3: a right answer emails a single-use reset link; wrong answers are limited per email and per address. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email, securityAnswer } = parseInput(verifyAnswerAndResetRequestSchema, event.body);
    const sourceIp = event.requestContext.http.sourceIp;
    await countFailures(
      [
        [throttles.reset, email],
        [throttles.resetDaily, email],
        [throttles.resetFromAddress, sourceIp],
      ],
      () => startPasswordReset(email, securityAnswer),
    );
    return respond(messageResponseSchema, { message: 'A password reset link has been sent to your email.' });
  });
