import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { appLink, escapeHtml } from '../core/adapters/email';
import { triggerFunction } from '../core/runtime/trigger-function';

/**
 * The sign-up confirmation email carries a link to `/confirm-email` (email + code) instead of a
 * bare code; other messages keep Cognito's defaults.
 */
export const handler = triggerFunction<CustomMessageTriggerEvent>().handler(async (event) => {
  if (event.triggerSource === 'CustomMessage_SignUp' || event.triggerSource === 'CustomMessage_ResendCode') {
    const email = event.request.userAttributes.email ?? '';
    const link = appLink(`/confirm-email?email=${encodeURIComponent(email)}&code=${event.request.codeParameter}`);
    event.response.emailSubject = 'Confirm your email';
    event.response.emailMessage = [
      `<p>Welcome to MiddleMan${event.request.userAttributes.name ? `, ${escapeHtml(event.request.userAttributes.name)}` : ''}.</p>`,
      `<p>Confirm your email address to finish creating your account:</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      '<p>If you did not sign up, ignore this email.</p>',
    ].join('\n');
  }
  return event;
});
