import type { Server } from 'node:http';
import { CreateEmailTemplateCommand, SESv2Client, UpdateEmailTemplateCommand } from '@aws-sdk/client-sesv2';
import * as sesLocalModule from 'aws-ses-v2-local';
import { emailTemplateName, stepEmailNames, templateContent } from '../../lambdas/core/domain/email-templates';
import { close } from './http-util';

type StartSes = (config: { host: string; port: number }) => Promise<Server>;

export interface LocalSes {
  /** SES v2 API endpoint and, at `/`, the mailbox viewer. */
  endpoint: string;
  stop(): Promise<void>;
}

/** aws-ses-v2-local: the SES v2 API in memory, with a web mailbox showing every message sent. */
export async function startSes(port: number): Promise<LocalSes> {
  // From ESM its default export may arrive wrapped once or twice.
  const m = sesLocalModule as unknown as { default?: StartSes | { default?: StartSes } };
  const start = (typeof m.default === 'function' ? m.default : m.default?.default) as StartSes;
  const server = await start({ host: '127.0.0.1', port });
  if (!server.listening) await new Promise((r) => server.once('listening', r));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { endpoint: `http://127.0.0.1:${bound}`, stop: () => close(server) };
}

/**
 * Creates (or updates) the deal steps' email templates in the local SES, as CDK creates them on a
 * stage (lib/mail.ts), through the same SES v2 API calls.
 */
export async function createStepTemplates(
  endpoint: string,
  stage: string,
  region: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<void> {
  const client = new SESv2Client({ endpoint, region, credentials });
  try {
    for (const step of stepEmailNames) {
      const template = { TemplateName: emailTemplateName(stage, step), TemplateContent: templateContent(step) };
      // aws-ses-v2-local keeps its store per process: a second local cloud in it finds them made.
      await client.send(new CreateEmailTemplateCommand(template)).catch(async (error: unknown) => {
        if ((error as Error).name !== 'AlreadyExistsException' && !/already exists/i.test((error as Error).message)) throw error;
        await client.send(new UpdateEmailTemplateCommand(template));
      });
    }
  } finally {
    client.destroy();
  }
}

/**
 * The plain-text part of an email written as HTML (the user pool's messages): paragraphs and
 * line breaks become new lines, a link shows its address, tags go, entities are decoded.
 * Hand-written, not a library: it reads only the few tags our own trigger writes
 * (lambdas/triggers/custom-message.ts), and only the local stand-in needs it.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_, href: string, label: string) =>
      label === href ? href : `${label}: ${href}`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
