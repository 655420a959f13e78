import { getSecret } from '../adapters/secrets';
import { keyedHash, safeEqual } from '../domain/hashing';

/**
 * A short-lived proof that a Cognito sign-up comes from `secure-signup` (captcha checked, profile
 * written). The PreSignUp trigger refuses sign-ups without one, so nobody can skip the captcha by
 * calling Cognito's public SignUp directly.
 */
const validitySeconds = 120;

export async function issueSignupTicket(email: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + validitySeconds;
  return `${expires}.${keyedHash(await getSecret('app'), `signup:${email}:${expires}`)}`;
}

export async function isValidSignupTicket(email: string, ticket: unknown, now = Date.now()): Promise<boolean> {
  if (typeof ticket !== 'string') return false;
  const [expires, mac] = ticket.split('.');
  if (!expires || !mac || Number(expires) < Math.floor(now / 1000)) return false;
  return safeEqual(mac, keyedHash(await getSecret('app'), `signup:${email.toLowerCase()}:${expires}`));
}
