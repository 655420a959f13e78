import { securityQuestionFor } from '../core/accounts';
import { securityQuestionRequestSchema } from '../core/contracts/identity';
import { apiFunction, json, jsonBody, parseInput } from '../core/http';
import { throttles } from '../core/identity-throttles';
import { countAttempt } from '../core/throttle';

/** Forgot password, step 2: the question of an email (a decoy for unknown emails), throttled per email. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email } = parseInput(securityQuestionRequestSchema, event.body);
    await countAttempt(throttles.question, email);
    return json(200, { securityQuestion: await securityQuestionFor(email) });
  });
