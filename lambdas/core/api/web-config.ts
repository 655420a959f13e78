import * as z from '../domain/zod';

/** Google's reCAPTCHA v3 script: what the web app loads when the config names no `captchaScriptUrl`. */
export const defaultCaptchaScriptUrl = 'https://www.google.com/recaptcha/api.js';

/**
 * `/config.json`: the stage's settings the web app reads at start, so one build serves every
 * stage. CDK publishes it next to the site (lib/web.ts), the local cloud serves it (lib/local),
 * and the web app parses it with this schema.
 */
export const webConfigSchema = z.object({
  stage: z.string(),
  region: z.string(),
  apiUrl: z.url(),
  cognito: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** The user pool endpoint when it is not AWS's (the local Cognito). */
    endpoint: z.optional(z.url()),
  }),
  captchaSiteKey: z.string(),
  /** reCAPTCHA v3 script; locally a stand-in with the same `grecaptcha` API. @default {@link defaultCaptchaScriptUrl} */
  captchaScriptUrl: z.optional(z.url()),
  /** The card payment provider's hosted checkout: its public key and the `v3.js` widget script (locally the sandbox's). */
  payments: z.object({ publicKey: z.string(), checkoutScriptUrl: z.url() }),
  /**
   * Where people reach support: an email address, and a WhatsApp number as digits in international
   * form without the plus (`2348012345678`, what wa.me links take). No number: no WhatsApp button.
   */
  support: z.object({
    email: z.email(),
    whatsapp: z.optional(z.string().check(z.regex(/^[1-9]\d{7,14}$/))),
  }),
  /**
   * AppSync Events, the signed-in person's realtime channel (`GET /realtime-channel` names it): its HTTP
   * endpoint (`https://<host>/event`); Amplify derives the realtime one (`wss://`) from it.
   */
  events: z.object({ endpoint: z.url() }),
  /**
   * The evidence bucket's S3 endpoint when it is not AWS's (the local S3 stand-in): the page POSTs
   * files to it and shows images from it. In AWS there is none: the bucket is S3's own host.
   */
  files: z.optional(z.object({ endpoint: z.url() })),
  /** The local mailbox (the local stage only). */
  mailboxUrl: z.optional(z.url()),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
