import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './aws';
import { requireEnv } from './env';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one email from the product's address through SES. */
export async function sendEmail(email: Email): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: requireEnv('mailFrom'),
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
}

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A public URL of the web app (links in emails). */
export function appLink(path: string): string {
  return `${requireEnv('appUrl').replace(/\/+$/, '')}${path}`;
}
