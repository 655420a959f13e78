import { signedHeaders } from './aws-request';
import { envNames } from './env';
import { httpSend } from './http-client';
import { logger } from './logger';

/**
 * Realtime events to a person's browser through AppSync Events: one SigV4-signed `POST /event`
 * (IAM is the only way to publish) of up to 5 events to a channel, e.g. `/notifications/<sub>/<epoch>`.
 *
 * Signed and sent as the functions' other AWS requests are (aws-request.ts, http-client.ts): the
 * SDK has no client for AppSync Events' data plane (its AppSync client is the control plane), and
 * this is one signed request, not retried (a courtesy). Locally the endpoint is the stand-in's,
 * whose self-signed certificate the local cloud passes as EVENTS_CA_CERT.
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

async function publishBatch(endpoint: string, channel: string, events: string[]): Promise<boolean> {
  const url = new URL(endpoint);
  const body = JSON.stringify({ channel, events });
  const headers = await signedHeaders(
    'appsync',
    String(process.env.AWS_REGION),
    url,
    'POST',
    { 'content-type': 'application/json' },
    body,
  );
  const answer = await httpSend(url, {
    method: 'POST',
    headers,
    body,
    timeoutMs: publishTimeoutMs,
    ca: process.env[envNames.eventsCaCert],
  });
  const failed = answer.status === 200 ? ((JSON.parse(answer.text) as { failed?: unknown[] }).failed ?? []) : ['all'];
  if (failed.length > 0)
    logger.warn('Realtime events refused', { channel, status: answer.status, answer: answer.text.slice(0, 500) });
  return failed.length === 0;
}
