import * as endpoints from '@escrow/api/endpoints';
import { Amplify } from 'aws-amplify';
import { events } from 'aws-amplify/data';
import { call } from './api';
import { dispatchRealtimeEvent, isSessionEnded } from './realtime';
import { reportUnauthorized } from './unauthorized';

/**
 * The signed-in person's one realtime connection (AppSync Events through Amplify's `events`,
 * configured with the rest of Amplify in lib/session.ts), opened once per session by the auth
 * provider, to the channel the API names (`GET /realtime-channel`: the person's channel of their
 * account's current session epoch). Amplify reconnects by itself after a drop and subscribes again;
 * meanwhile the pages' focus refresh covers the gap, and nothing alarming is shown: a failure here
 * is only logged. When the channel says the session ended (a password reset or a closed account
 * revoked it), the page signs out and goes to the login page, as after the API's 401.
 * Loaded only once someone is signed in, like the rest of Amplify.
 */
export function connectRealtime(): () => void {
  // Not configured for realtime (a page rendered without the stage's config): nothing to connect to.
  if (!Amplify.getConfig().API?.Events) return () => undefined;
  let closed = false;
  let close = () => {
    closed = true;
  };
  call(endpoints.getRealtimeChannel)
    .then(({ channel }) => events.connect(channel))
    .then(
      (channel) => {
        if (closed) {
          channel.close();
          return;
        }
        const subscription = channel.subscribe({
          next: (data) => {
            if (isSessionEnded(data.event)) reportUnauthorized();
            else dispatchRealtimeEvent(data.event);
          },
          error: (error) => console.warn('Realtime updates paused', error),
        });
        close = () => {
          subscription.unsubscribe();
          channel.close();
        };
      },
      // A 401 from the API has already signed the person out (lib/api.ts).
      (error: unknown) => console.warn('Realtime updates unavailable; pages refresh when you return to them', error),
    );
  return () => close();
}
