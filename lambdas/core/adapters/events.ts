import { Agent, request } from 'node:https';
import { SignatureV4 } from '@smithy/signature-v4';
import { defaultProvider } from './credentials';
import { envNames } from './env';
import { logger } from './logger';
import { Sha256 } from './sha256';

/**
 * Realtime events to a person's browser through AppSync Events: one SigV4-signed `POST /event`
 * (IAM is the only way to publish) of up to 5 events to a channel, e.g. `/notifications/<sub>`.
 *
 * Hand-written over node:https: the SDK has no client for AppSync Events' data plane (its
 * AppSync client is the control plane), and this is one signed request. Locally the endpoint is
 * the stand-in's, whose self-signed certificate the local cloud passes as EVENTS_CA_CERT.
 *
 * A publish is a courtesy to an open page: what it announces is already stored, and the page
 * also refreshes on focus. So it never throws; a failure is logged and the write it follows stands.
 */

/** A person's realtime channel: lambdas/events/notifications.js lets only them subscribe to it. */
export const personalChannel = (sub: string) => `/notifications/${sub}`;

/** AppSync Events takes at most 5 events per publish. */
const eventsPerPublish = 5;
/** A page waiting on a slow publish gains nothing: give up quickly. */
const publishTimeoutMs = 2_000;

let signer: SignatureV4 | undefined;

function signerFor(region: string): SignatureV4 {
  signer ??= new SignatureV4({ credentials: defaultProvider(), region, service: 'appsync', sha256: Sha256 });
  return signer;
}

/** Publishes `events` (each sent as its JSON) to `channel`; answers whether every event was taken. */
export async function publishEvents(channel: string, events: readonly unknown[]): Promise<boolean> {
  const endpoint = process.env[envNames.eventsHttpEndpoint];
  if (!endpoint || events.length === 0) return false;
  let ok = true;
  for (let i = 0; i < events.length; i += eventsPerPublish) {
    const batch = events.slice(i, i + eventsPerPublish).map((event) => JSON.stringify(event));
    ok =
      (await publishBatch(endpoint, channel, batch).catch((error: unknown) => {
        logger.warn('Realtime event not published', { channel, error: error as Error });
        return false;
      })) && ok;
  }
  return ok;
}

async function publishBatch(endpoint: string, channel: string, events: string[]): Promise<boolean> {
  const url = new URL(endpoint);
  const body = JSON.stringify({ channel, events });
  const signed = await signerFor(String(process.env.AWS_REGION)).sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    headers: { host: url.host, 'content-type': 'application/json' },
    body,
  });
  const answer = await send(url, signed.headers as Record<string, string>, body);
  const failed = answer.status === 200 ? ((JSON.parse(answer.text) as { failed?: unknown[] }).failed ?? []) : ['all'];
  if (failed.length > 0)
    logger.warn('Realtime events refused', { channel, status: answer.status, answer: answer.text.slice(0, 500) });
  return failed.length === 0;
}

// One kept-alive connection per container: a publish follows most writes, and a TLS handshake each time would double its cost.
let agent: { ca: string | undefined; agent: Agent } | undefined;

function agentFor(ca: string | undefined): Agent {
  // Locally a restarted stand-in may present a new certificate: a new agent trusts it.
  if (agent && agent.ca === ca) return agent.agent;
  agent?.agent.destroy();
  const made = new Agent({ keepAlive: true, maxSockets: 4, ...(ca ? { ca } : {}) });
  agent = { ca, agent: made };
  return made;
}

function send(url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const ca = process.env[envNames.eventsCaCert];
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, timeout: publishTimeoutMs, agent: agentFor(ca) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error(`publish timed out after ${publishTimeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
