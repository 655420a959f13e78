import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { WebConfig } from '../../lib/local/index';

/**
 * Configures the real aws-amplify client against a local cloud, exactly as the web app does
 * (with `eventsEndpoint`, its realtime channels too), with tokens in memory (Node has no sessionStorage). Returns that memory, so tests can see what
 * Amplify keeps.
 */
export function configureAmplify(config: WebConfig, eventsEndpoint?: string): Map<string, string> {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.cognito.userPoolId,
        userPoolClientId: config.cognito.userPoolClientId,
        userPoolEndpoint: config.cognito.endpoint,
        loginWith: { email: true },
      },
    },
    // Realtime channels (AppSync Events), when a test listens to them: configuring later would drop the session.
    ...(eventsEndpoint
      ? { API: { Events: { endpoint: eventsEndpoint, region: config.region, defaultAuthMode: 'userPool' } } }
      : {}),
  });
  const memory = new Map<string, string>();
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (k, v) => void memory.set(k, v),
    getItem: async (k) => memory.get(k) ?? null,
    removeItem: async (k) => void memory.delete(k),
    clear: async () => memory.clear(),
  });
  return memory;
}
