import { emailTemplateName, type StepEmailName, templateData } from '../domain/email-templates';
import { awsJsonRequest } from './aws-request';
import { optionalEnv, requireEnv } from './env';

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

/**
 * SES v2 SendEmail (`POST /v2/email/outbound-emails`), signed as the SDK signs it; the SDK's SES
 * client would add about 60 KiB to every emailing function for this one call (aws-request.ts).
 */
async function sesSendEmail(request: Record<string, unknown>): Promise<void> {
  await awsJsonRequest({
    service: 'ses',
    host: 'email.{region}.amazonaws.com',
    endpointEnv: 'sesEndpoint',
    method: 'POST',
    path: '/v2/email/outbound-emails',
    body: request,
  });
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

/** Sends a deal step's email through its SES template (domain/email-templates.ts), with `values` filled in. */
export async function sendStepEmail(to: string, step: StepEmailName, values: Record<string, string>): Promise<void> {
  await sesSendEmail({
    FromEmailAddress: requireEnv('mailFrom'),
    ...configurationSet(),
    Destination: { ToAddresses: [to] },
    Content: {
      Template: {
        TemplateName: emailTemplateName(requireEnv('stage'), step),
        TemplateData: JSON.stringify(templateData(values)),
      },
    },
  });
}

/** A public URL of the web app (links in emails). */
export function appLink(path: string): string {
  return `${requireEnv('appUrl').replace(/\/+$/, '')}${path}`;
}
