import { type WebConfig, webConfigSchema } from '@escrow/api/web-config';
import { createContext, useContext } from 'react';

// Shared with the Content-Security-Policy, which must allow the script the app loads.
export { defaultCaptchaScriptUrl } from '@escrow/api/web-config';

/** Throws a ZodError when the value is not a valid runtime config. */
export function parseConfig(value: unknown): WebConfig {
  return webConfigSchema.parse(value);
}

/** One build serves every stage: the stage's settings come from `/config.json` at boot. */
export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<WebConfig> {
  const response = await fetchFn('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json failed with status ${response.status}`);
  return parseConfig(await response.json());
}

export const ConfigContext = createContext<WebConfig | null>(null);

export function useConfig(): WebConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside ConfigContext');
  return config;
}
