import { verifyCaptcha } from '../core/adapters/captcha';
import * as endpoints from '../core/api/endpoints/identity';
import { throttles } from '../core/domain/throttle-rules';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { registerAccount } from '../core/services/accounts';
import { countAttempt, countFailures } from '../core/services/throttles';

/**
 * Sign-up: validated, captcha-checked (failed captchas counted per address), throttled per address
 * and per email, then the account is created (services/accounts.ts). The reply carries the sign-up
 * device's secret, which the browser keeps to be trusted at sign-in.
 */
export const handler = endpointFunction(
  endpoints.secureSignup,
  async ({ event, body }) => {
    const sourceIp = event.requestContext.http.sourceIp;
    await countFailures([[throttles.signupCaptchaFromAddress, sourceIp]], () =>
      verifyCaptcha(body.captchaToken, 'signup', sourceIp),
    );
    await countAttempt(throttles.signupFromAddress, sourceIp);
    await countAttempt(throttles.signupForEmail, body.email);
    const { deviceSecret } = await registerAccount(body);
    return { message: 'Account created. Check your email for the confirmation link.', deviceSecret };
  },
  { body: jsonBody, status: 201 },
);
