import { registerAccount } from '../core/accounts';
import { verifyCaptcha } from '../core/captcha';
import { signupRequestSchema } from '../core/contracts/identity';
import { apiFunction, json, jsonBody, parseInput } from '../core/http';
import { throttles } from '../core/identity-throttles';
import { countAttempt } from '../core/throttle';

/** Sign-up: validated, throttled, captcha-checked, then the account is created (core/accounts.ts). */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const input = parseInput(signupRequestSchema, event.body);
    const sourceIp = event.requestContext.http.sourceIp;
    await countAttempt(throttles.signupFromAddress, sourceIp);
    await countAttempt(throttles.signupForEmail, input.email);
    await verifyCaptcha(input.captchaToken, 'signup', sourceIp);
    await registerAccount(input);
    return json(201, { message: 'Account created. Check your email for the confirmation link.' });
  });
