import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { emailTemplateName, type StepEmailName, templateData } from '../domain/email-templates';
import { clientAt } from './aws-client';
import { optionalEnv, requireEnv } from './env';
import { countMoneyEvent } from './metrics';

export { escapeHtml } from '../domain/email-templates';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The stage's configuration set, when it has one: SES suppresses addresses that bounced or complained. */
function configurationSet(): { ConfigurationSetName?: string } {
  const name = optionalEnv('mailConfigurationSet');
  return name ? { ConfigurationSetName: name } : {};
}

export const ses = /* @__PURE__ */ clientAt('sesEndpoint', (config) => new SESv2Client(config));

/**
 * SES v2 SendEmail; its errors are the SDK's, named as SES names them (MessageRejected,
 * TooManyRequestsException, ...). Each refusal is counted (`EmailsNotSent`, which pages ops)
 * before it reaches the caller: most callers send best effort and only log it.
 */
async function sesSendEmail(request: SendEmailCommandInput): Promise<void> {
  try {
    await ses().send(new SendEmailCommand(request));
  } catch (error) {
    countMoneyEvent('EmailsNotSent');
    throw error;
  }
}

/** Sends one email from the product's address through SES. */
export async function sendEmail(email: Email): Promise<void> {
  await sesSendEmail({
    FromEmailAddress: requireEnv('mailFrom'),
    ...configurationSet(),
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
  });
}

/** A header of its own an email carries (SES v2 `MessageHeader`; at most 15 an email). */
export interface EmailHeader {
  name: string;
  value: string;
}

/**
 * Sends a deal step's email through its SES template (domain/email-templates.ts), with `values`
 * filled in, and `headers` added (SES v2 takes them on templated content too).
 */
export async function sendStepEmail(
  to: string,
  step: StepEmailName,
  values: Record<string, string>,
  headers: EmailHeader[] = [],
): Promise<void> {
  await sesSendEmail({
    FromEmailAddress: requireEnv('mailFrom'),
    ...configurationSet(),
    Destination: { ToAddresses: [to] },
    Content: {
      Template: {
        TemplateName: emailTemplateName(requireEnv('stage'), step),
        TemplateData: JSON.stringify(templateData(values)),
        ...(headers.length ? { Headers: headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
      },
    },
  });
}

/**
 * RFC 8058 one-click unsubscription: mail clients show their own "unsubscribe" and, when it is
 * used, POST `List-Unsubscribe=One-Click` to `url` (an HTTPS address of ours that needs no sign-in).
 */
export function oneClickUnsubscribeHeaders(url: string): EmailHeader[] {
  return [
    { name: 'List-Unsubscribe', value: `<${url}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
  ];
}

/** A public URL of the API (a link in an email that acts without the web app: one-click unsubscription). */
export function apiLink(path: string): string {
  return `${requireEnv('apiUrl').replace(/\/+$/, '')}${path}`;
}

/** A public URL of the web app (links in emails). */
export function appLink(path: string): string {
  return `${requireEnv('appUrl').replace(/\/+$/, '')}${path}`;
}
