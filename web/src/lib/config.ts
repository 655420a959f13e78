import { createContext, useContext } from 'react';
import { z } from 'zod';

export const defaultCaptchaScriptUrl = 'https://www.google.com/recaptcha/api.js';

export const configSchema = z.object({
  stage: z.string(),
  region: z.string(),
  apiUrl: z.url(),
  cognito: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    endpoint: z.url().optional(),
  }),
  captchaSiteKey: z.string(),
  /** reCAPTCHA v3 script; locally a stand-in with the same `grecaptcha` API. @default defaultCaptchaScriptUrl */
  captchaScriptUrl: z.url().optional(),
  mailboxUrl: z.url().optional(),
});

export type AppConfig = z.infer<typeof configSchema>;

/** Throws a ZodError when the value is not a valid runtime config. */
export function parseConfig(value: unknown): AppConfig {
  return configSchema.parse(value);
}

/** One build serves every stage: the stage's settings come from `/config.json` at boot. */
export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchFn('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json failed with status ${response.status}`);
  return parseConfig(await response.json());
}

export const ConfigContext = createContext<AppConfig | null>(null);

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside ConfigContext');
  return config;
}
