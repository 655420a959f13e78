import type { IncomingMessage } from 'node:http';
import { AccessDeniedError, type IamRequest, type LocalIam, SignatureError } from './authority';
import { type GuardDecision, startGuardProxy } from './proxy';

// biome-ignore lint/suspicious/noExplicitAny: an SES v2 JSON request body, read by shape
type Input = Record<string, any>;

/** The address in `"Name" <address>` or a bare address. */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * What an SES v2 API request asks IAM. SendEmail is authorized on the sending identity (the
 * From address's domain: the stage verifies its domain, lib/mail.ts), and also on the configuration
 * set and the stored template it names, with the ses:FromAddress, ses:FromDisplayName, ses:Recipients
 * and ses:ApiVersion keys; template calls on the template; anything else as `ses:<Operation>` on `*`.
 */
export function sesRequests(
  method: string,
  path: string,
  input: Input,
  place: { region: string; accountId: string },
): IamRequest[] {
  const arn = (resource: string) => `arn:aws:ses:${place.region}:${place.accountId}:${resource}`;
  if (method === 'POST' && path === '/v2/email/outbound-emails') {
    const from = addressOf(String(input.FromEmailAddress ?? ''));
    const displayName = /^\s*"?([^"<]*)"?\s*</.exec(String(input.FromEmailAddress ?? ''))?.[1]?.trim();
    const destination = input.Destination ?? {};
    const recipients = [destination.ToAddresses, destination.CcAddresses, destination.BccAddresses].flat().filter(Boolean);
    const context: Record<string, string | string[]> = {
      'ses:FromAddress': from,
      'ses:Recipients': recipients.map((r: string) => addressOf(r)),
      'ses:ApiVersion': '2',
      ...(displayName ? { 'ses:FromDisplayName': displayName } : {}),
    };
    const template = input.Content?.Template;
    const resources = [
      arn(`identity/${from.split('@')[1] ?? from}`),
      ...(input.ConfigurationSetName ? [arn(`configuration-set/${input.ConfigurationSetName}`)] : []),
      ...(template ? [template.TemplateArn ?? arn(`template/${template.TemplateName}`)] : []),
    ];
    return resources.map((resource) => ({ action: 'ses:SendEmail', resource, context }));
  }
  const templateName = /^\/v2\/email\/templates\/([^/]+)/.exec(path)?.[1];
  const operation =
    path === '/v2/email/templates'
      ? method === 'GET'
        ? 'ListEmailTemplates'
        : 'CreateEmailTemplate'
      : templateName
        ? ({
            GET: 'GetEmailTemplate',
            PUT: 'UpdateEmailTemplate',
            DELETE: 'DeleteEmailTemplate',
            POST: 'TestRenderEmailTemplate',
          }[method] ?? 'Unknown')
        : path === '/v2/email/account'
          ? 'GetAccount'
          : 'Unknown';
  const name = templateName ? decodeURIComponent(templateName) : input.TemplateName;
  return [{ action: `ses:${operation}`, resource: name && operation !== 'ListEmailTemplates' ? arn(`template/${name}`) : '*' }];
}

/** SES v2's error answer (REST JSON): the status, the type in x-amzn-ErrorType, the message in the body. */
function refusal(status: number, type: string, message: string): GuardDecision {
  return {
    pass: false,
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
    body: JSON.stringify({ message }),
  };
}

/**
 * The SES emulator behind IAM: its API (`/v2/email/...`, and the v1 `POST /`) only for a request
 * signed by a principal whose policies allow what it asks, and a configuration set only if it is the
 * stage's (SES refuses one that does not exist). Its mailbox pages pass untouched: they are the
 * developer's inbox, not AWS.
 */
export function startSesGuard(options: { port: number; target: string; iam: LocalIam; configurationSet: string }) {
  const place = options.iam.names;
  return startGuardProxy({
    port: options.port,
    target: options.target,
    decide: async (req: IncomingMessage, body: Buffer): Promise<GuardDecision> => {
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      const method = req.method ?? 'GET';
      const api = path.startsWith('/v2/email/') || (method === 'POST' && path === '/');
      if (!api) return { pass: true };
      try {
        const principal = await options.iam.authenticate({ method, url: req.url ?? '/', headers: req.headers, body }, 'ses');
        if (path === '/') {
          // The v1 query API (form-encoded): nothing of ours uses it; asked as `ses:<Action>` on *.
          const action = new URLSearchParams(body.toString('utf8')).get('Action') ?? 'Unknown';
          await options.iam.authorize(principal, [{ action: `ses:${action}`, resource: '*' }]);
          return { pass: true };
        }
        let input: Input = {};
        try {
          input = JSON.parse(body.toString('utf8') || '{}') as Input;
        } catch {
          return refusal(400, 'BadRequestException', 'Malformed request body');
        }
        await options.iam.authorize(principal, sesRequests(method, path, input, place));
        if (input.ConfigurationSetName && input.ConfigurationSetName !== options.configurationSet)
          return refusal(404, 'NotFoundException', `Configuration set <${input.ConfigurationSetName}> does not exist.`);
        return { pass: true };
      } catch (error) {
        if (error instanceof SignatureError) return refusal(403, error.type, error.message);
        if (error instanceof AccessDeniedError) return refusal(403, 'AccessDeniedException', error.message);
        throw error;
      }
    },
  });
}
