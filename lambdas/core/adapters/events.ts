import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { credentials, lazily } from './aws-client';
import { envNames } from './env';
import { httpSend } from './http-transport';
import { logger } from './logger';

/**
 * Realtime events to a person's browser through AppSync Events: one SigV4-signed `POST /event`
 * (IAM is the only way to publish) of up to 5 events to a channel, e.g. `/notifications/<sub>/<epoch>`.
 *
 * The one AWS request the functions sign themselves: the SDK has no client for AppSync Events'
 * data plane (its AppSync client is the control plane). Signed by the SDK's own signer
 * (@smithy/signature-v4, with the SDK's SHA-256 and the clients' credentials: aws-client.ts) and
 * sent by the SDK's transport (http-transport.ts); one request, not retried (a courtesy). Locally the
 * endpoint is the stand-in's, whose self-signed certificate the local cloud passes as LOCAL_CA_CERT.
 *
 * A publish is a courtesy to an open page: what it announces is already stored, and the page
 * also refreshes on focus. So it never throws; a failure is logged and the write it follows stands.
 */

/**
 * A person's realtime channel for one session epoch: `/notifications/<sub>/<epoch>`, where the
 * epoch is the account's last revocation of its sessions (`sessions_revoked_at`, 0 before the
 * first). AppSync cannot close a subscription from the server, so a revocation (a password reset,
 * a closed account) ends the ones already open by moving the channel: publishers look the epoch up
 * as they publish (entities/profile.ts `personAudience`) and nothing reaches the old channel again
 * but the {@link sessionEndedEvent}. Subscribing to it takes a live session of that person, and
 * the current epoch (lambdas/events/authorizer.ts).
 */
export const personalChannel = (sub: string, epoch: number) => `/notifications/${sub}/${epoch}`;

/**
 * The last event of a channel whose sessions were revoked: an honest page signs out and goes to
 * /login (web/src/lib/realtime-connection.ts). A dishonest one may keep its socket open, and
 * receives nothing more.
 */
export const sessionEndedEvent = { type: 'session-ended' } as const;

/** AppSync Events takes at most 5 events per publish. */
const eventsPerPublish = 5;
/** A page waiting on a slow publish gains nothing: give up quickly. */
const publishTimeoutMs = 2_000;

/** Whether this function is told where to publish: CDK tells the functions that write the table, the Cognito triggers excepted. */
export const publishesEvents = () => Boolean(process.env[envNames.eventsHttpEndpoint]);

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

const signer = lazily(
  () => new SignatureV4({ credentials, region: String(process.env.AWS_REGION), service: 'appsync', sha256: Sha256 }),
);

async function publishBatch(endpoint: string, channel: string, events: string[]): Promise<boolean> {
  const url = new URL(endpoint);
  const body = JSON.stringify({ channel, events });
  const signed = await signer().sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    headers: { 'content-type': 'application/json', host: url.host },
    body,
  });
  // The host header is left to the connection, which sends the one signed.
  const { host: _host, ...headers } = signed.headers;
  const answer = await httpSend(url, {
    method: 'POST',
    headers,
    body,
    timeoutMs: publishTimeoutMs,
    ca: process.env[envNames.localCaCert],
  });
  const failed = answer.status === 200 ? ((JSON.parse(answer.text) as { failed?: unknown[] }).failed ?? []) : ['all'];
  if (failed.length > 0)
    logger.warn('Realtime events refused', { channel, status: answer.status, answer: answer.text.slice(0, 500) });
  return failed.length === 0;
}
