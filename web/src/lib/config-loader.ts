import { type WebConfig, webConfigSchema } from '@escrow/api/web-config';
import { configureApi } from './api';
import { configureAmplify } from './session';

/** Throws a ZodError when the value is not a valid runtime config. */
export function parseConfig(value: unknown): WebConfig {
  return webConfigSchema.parse(value);
}

/** One build serves every stage: the stage's settings come from `/config.json`. */
export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<WebConfig> {
  const response = await fetchFn('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json failed with status ${response.status}`);
  return parseConfig(await response.json());
}

/** Loads the stage's config and points the API client and Amplify at it, once per page load. */
export async function startClients(): Promise<WebConfig> {
  const config = await loadConfig();
  configureAmplify(config);
  configureApi(config.apiUrl);
  return config;
}
