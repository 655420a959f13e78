import { ValidationError } from '../domain/errors';
import * as z from '../domain/zod';
import { optionalEnv } from './env';
import { httpSend } from './http-transport';
import { getSecret } from './secrets';

const googleVerifyUrl = 'https://www.google.com/recaptcha/api/siteverify';
export const captchaFailedMessage = 'Security verification failed. Please try again.';

const verdictSchema = z.object({
  success: z.boolean(),
  score: z.optional(z.number()),
  action: z.optional(z.string()),
});

/**
 * Verifies a reCAPTCHA v3 token with the siteverify protocol (Google in AWS, the local cloud's
 * verifier locally): it must be valid, for `action`, and score at least the stage's threshold.
 */
export async function verifyCaptcha(token: string, action: string, remoteIp?: string): Promise<void> {
  const body = new URLSearchParams({ secret: await getSecret('captcha'), response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  const response = await httpSend(new URL(optionalEnv('captchaVerifyUrl') ?? googleVerifyUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    // Well inside secure-signup's timeout (lambdas/routes.ts), which also covers Cognito's SignUp.
    timeoutMs: 3_000,
  });
  const verdict = verdictSchema.safeParse(parsedJson(response.text));
  const minScore = Number(optionalEnv('captchaMinScore') ?? 0.5);
  if (!verdict.success || !verdict.data.success || verdict.data.action !== action || (verdict.data.score ?? 0) < minScore) {
    throw new ValidationError(captchaFailedMessage);
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
