import { fileURLToPath } from 'node:url';

/**
 * The realtime channels' wiring, read by CDK (lib/realtime.ts) and the local cloud alike, as the
 * route, trigger, task and schedule tables are: the Event API's one channel namespace, and the
 * Lambda authorizer its connections and subscriptions go through.
 */

/** The channel namespace of a person's notifications (`/notifications/<sub>/<epoch>`: core/adapters/events.ts). */
export const notificationsNamespace = 'notifications';

/** The Event API's Lambda authorizer: its function's `escrow:function` tag and its handler file. */
export const realtimeAuthorizer = {
  purpose: 'realtime:authorizer',
  entry: fileURLToPath(new URL('./events/authorizer.ts', import.meta.url)),
} as const;
