import { verifyCaptcha } from '../core/adapters/captcha';
import { messageResponseSchema } from '../core/api/common';
import { signupRequestSchema } from '../core/api/identity';
import { throttles } from '../core/domain/throttle-rules';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { registerAccount } from '../core/services/accounts';
import { countAttempt } from '../core/services/throttles';

/** Sign-up: validated, throttled, captcha-checked, then the account is created (services/accounts.ts). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const input = parseInput(signupRequestSchema, event.body);
    const sourceIp = event.requestContext.http.sourceIp;
    await countAttempt(throttles.signupFromAddress, sourceIp);
    await countAttempt(throttles.signupForEmail, input.email);
    await verifyCaptcha(input.captchaToken, 'signup', sourceIp);
    await registerAccount(input);
    return respond(messageResponseSchema, { message: 'Account created. Check your email for the confirmation link.' }, 201);
  });
