import type { WebConfig } from '@escrow/api/web-config';
import { Amplify } from 'aws-amplify';
import { signOut as amplifySignOut, fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub, sessionStorage } from 'aws-amplify/utils';
import type { AuthState, AuthUser } from './auth';

/**
 * Amplify, loaded only by the pages that sign in or need a session (lib/config.ts says why): the
 * user pool, and the realtime channels (AppSync Events) a signed-in person subscribes to with
 * their user pool session. Configured once: configuring again would drop the session.
 */
export function configureAmplify({ cognito, events, region }: Pick<WebConfig, 'cognito' | 'events' | 'region'>): void {
  const { userPoolId, userPoolClientId, endpoint } = cognito;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
    // 'userPool' puts the session's current access token in the connection's and each subscription's
    // `Authorization`, fetched afresh on every reconnect; the Event API hands it to its Lambda
    // authorizer (lib/realtime.ts), which checks the session as the API does. Amplify's 'lambda'
    // mode sends the same header but with one fixed token, stale after 15 minutes.
    API: { Events: { endpoint: events.endpoint, region, defaultAuthMode: 'userPool' } },
  });
  // Session storage: a session ends with its tab, as the spec requires.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
}

async function currentUser(): Promise<AuthUser | null> {
  try {
    const { userId, signInDetails } = await getCurrentUser();
    const { tokens } = await fetchAuthSession();
    const email = tokens?.idToken?.payload.email;
    return { sub: userId, email: typeof email === 'string' ? email : (signInDetails?.loginId ?? '') };
  } catch {
    return null;
  }
}

/** Reports the session now and on every sign-in, refresh and sign-out, until the returned function is called. */
export function watchSession(report: (state: AuthState) => void): () => void {
  let active = true;
  // A sign-out while a refresh is under way wins: the refresh's answer is then stale.
  let generation = 0;
  const refresh = async () => {
    const mine = ++generation;
    const user = await currentUser();
    if (active && mine === generation) report(user ? { status: 'signedIn', user } : { status: 'signedOut' });
  };
  void refresh();
  const stopListening = Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'tokenRefresh':
        void refresh();
        break;
      case 'signedOut':
      case 'tokenRefresh_failure':
        generation++;
        report({ status: 'signedOut' });
        break;
    }
  });
  return () => {
    active = false;
    stopListening();
  };
}

export async function signOut(): Promise<void> {
  try {
    await amplifySignOut();
  } catch (error) {
    console.error('Sign out failed', error);
  }
}
