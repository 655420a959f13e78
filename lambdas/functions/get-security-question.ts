import { securityQuestionRequestSchema, securityQuestionResponseSchema } from '../core/api/identity';
import { throttles } from '../core/domain/throttle-rules';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { securityQuestionFor } from '../core/services/accounts';
import { countAttempt } from '../core/services/throttles';

/** Forgot password, step 2: the question of an email (a decoy for unknown emails), throttled per source address. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { email } = parseInput(securityQuestionRequestSchema, event.body);
    await countAttempt(throttles.questionFromAddress, event.requestContext.http.sourceIp);
    return respond(securityQuestionResponseSchema, { securityQuestion: await securityQuestionFor(email) });
  });
