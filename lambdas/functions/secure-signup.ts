import { verifyCaptcha } from '../core/adapters/captcha';
import { signupRequestSchema, signupResponseSchema } from '../core/api/identity';
import { throttles } from '../core/domain/throttle-rules';
import { apiFunction, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { registerAccount } from '../core/services/accounts';
import { countAttempt, countFailures } from '../core/services/throttles';

/**
 * Sign-up: validated, captcha-checked (failed captchas counted per address), throttled per address
 * and per email, then the account is created (services/accounts.ts). The reply carries the sign-up
 * device's secret, which the browser keeps to be trusted at sign-in.
 */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const input = parseInput(signupRequestSchema, event.body);
    const sourceIp = event.requestContext.http.sourceIp;
    await countFailures([[throttles.signupCaptchaFromAddress, sourceIp]], () =>
      verifyCaptcha(input.captchaToken, 'signup', sourceIp),
    );
    await countAttempt(throttles.signupFromAddress, sourceIp);
    await countAttempt(throttles.signupForEmail, input.email);
    const { deviceSecret } = await registerAccount(input);
    return respond(
      signupResponseSchema,
      { message: 'Account created. Check your email for the confirmation link.', deviceSecret },
      201,
    );
  });
