import type { WebConfig } from '@escrow/api/web-config';
import { createContext, use, useContext } from 'react';

/**
 * The stage's config, with the clients (API, Amplify) configured from it. Loaded on first need, not
 * at boot: the pre-rendered pages never ask for it, so they load neither zod nor Amplify. The
 * pre-render has no stage: there it fails, and so does the build.
 */
let loading: Promise<WebConfig> | undefined;

export function appConfig(): Promise<WebConfig> {
  loading ??=
    typeof window === 'undefined'
      ? Promise.reject(
          new Error('A pre-rendered page asked for the stage config, known only in the browser: wrap that part in <ClientOnly>'),
        )
      : import('./config-loader').then((loader) => loader.startClients());
  return loading;
}

/** Set by tests (and by nothing in the app): a fixed config instead of `/config.json`. */
export const ConfigContext = createContext<WebConfig | null>(null);

/** The config; suspends the calling component until it is loaded, and throws when it cannot be. */
export function useConfig(): WebConfig {
  const provided = useContext(ConfigContext);
  return provided ?? use(appConfig());
}
