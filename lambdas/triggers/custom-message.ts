import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { appLink, escapeHtml } from '../core/adapters/email';
import { triggerFunction } from '../core/runtime/trigger-function';
import { signupRemovalToken } from '../core/services/signup-confirmation';

/** Sign-up times in the email are Lagos time, where the product's people are. */
const signedUpAt = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'long',
  timeStyle: 'short',
});

/**
 * The sign-up confirmation email says what was signed up (the name given, and when), and carries
 * two links: `/confirm-email` (email + code), which confirms only with the password chosen at
 * sign-up, and "this was not me", which removes the unconfirmed account (services/signup-confirmation.ts).
 * Other messages keep Cognito's defaults.
 */
export const handler = triggerFunction<CustomMessageTriggerEvent>().handler(async (event) => {
  if (event.triggerSource === 'CustomMessage_SignUp' || event.triggerSource === 'CustomMessage_ResendCode') {
    const email = event.request.userAttributes.email ?? '';
    const name = event.request.userAttributes.name ?? '';
    const query = `email=${encodeURIComponent(email)}`;
    const removal = await signupRemovalToken(event.userName);
    const link = appLink(`/confirm-email?${query}&code=${event.request.codeParameter}&t=${removal}`);
    const notMe = appLink(`/confirm-email?${query}&not_me=${removal}`);
    event.response.emailSubject = 'Confirm your email';
    event.response.emailMessage = [
      `<p>Welcome to MiddleMan${name ? `, ${escapeHtml(name)}` : ''}.</p>`,
      `<p>This email address was used to sign up for MiddleMan on ${signedUpAt.format(new Date())} (Lagos time)${name ? `, with the name ${escapeHtml(name)}` : ''}.</p>`,
      '<p>If that was you, confirm your email address with the password you chose to finish creating your account:</p>',
      `<p><a href="${link}">${link}</a></p>`,
      `<p>If this was not you, remove that sign-up: <a href="${notMe}">This was not me</a>. Nobody can use the account while the email is not confirmed.</p>`,
    ].join('\n');
  }
  return event;
});
