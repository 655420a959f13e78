import * as endpoints from '../core/api/endpoints/identity';
import { throttles } from '../core/domain/throttle-rules';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { securityQuestionFor } from '../core/services/accounts';
import { countAttempt } from '../core/services/throttles';

/** Forgot password, step 2: the question of an email (a decoy for unknown emails), throttled per source address. */
export const handler = endpointFunction(
  endpoints.getSecurityQuestion,
  async ({ event, body: { email } }) => {
    await countAttempt(throttles.questionFromAddress, event.requestContext.http.sourceIp);
    return { securityQuestion: await securityQuestionFor(email) };
  },
  { body: jsonBody },
);
