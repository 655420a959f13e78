import { Amplify } from 'aws-amplify';
import { events } from 'aws-amplify/data';
import { dispatchRealtimeEvent } from './realtime';

/**
 * The signed-in person's one realtime connection (AppSync Events through Amplify's `events`,
 * configured with the rest of Amplify in lib/session.ts), opened once per session by the auth
 * provider. Amplify reconnects by itself after a drop and subscribes again; meanwhile the pages'
 * focus refresh covers the gap, and nothing alarming is shown: a failure here is only logged.
 * Loaded only once someone is signed in, like the rest of Amplify.
 */
export function connectRealtime(sub: string): () => void {
  // Not configured for realtime (a page rendered without the stage's config): nothing to connect to.
  if (!Amplify.getConfig().API?.Events) return () => undefined;
  let closed = false;
  let close = () => {
    closed = true;
  };
  events.connect(`/notifications/${sub}`).then(
    (channel) => {
      if (closed) {
        channel.close();
        return;
      }
      const subscription = channel.subscribe({
        next: (data) => dispatchRealtimeEvent(data.event),
        error: (error) => console.warn('Realtime updates paused', error),
      });
      close = () => {
        subscription.unsubscribe();
        channel.close();
      };
    },
    (error: unknown) => console.warn('Realtime updates unavailable; pages refresh when you return to them', error),
  );
  return () => close();
}
