import { defaultCaptchaScriptUrl, type WebConfig } from '../lambdas/core/api/web-config';

/**
 * What a third-party script needs besides its own file, by the script's origin, as its vendor
 * documents it. A script from any other origin (the local stand-ins) is allowed by its own URL only.
 */
interface VendorSources {
  /** Scripts: the loaded file and what it loads in turn. */
  readonly script: readonly string[];
  /** Frames it opens over or inside the page. */
  readonly frame: readonly string[];
  /** Its elements carry style attributes, which only style-src 'unsafe-inline' lets through. */
  readonly inlineStyles: boolean;
}

const vendors: Readonly<Record<string, VendorSources>> = {
  // reCAPTCHA v3, as Google's reCAPTCHA FAQ lists it for CSP: api.js loads its code from gstatic
  // and runs in frames. Its badge is built with style attributes (google/recaptcha#107).
  'https://www.google.com': {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    inlineStyles: true,
  },
  // Flutterwave Inline (v3.js) opens its checkout as a modal frame from checkout-v3-ui-prod, laid
  // over the page with inline styles; the frame, not the page, calls Flutterwave's API. Only the
  // sandbox's stand-in runs offline: read a dev stage's console after changing this.
  'https://checkout.flutterwave.com': {
    script: ['https://checkout.flutterwave.com'],
    frame: ['https://checkout.flutterwave.com', 'https://checkout-v3-ui-prod.f4b-flutterwave.com'],
    inlineStyles: true,
  },
};

export interface ContentSecurityPolicyOptions {
  /**
   * The API as a CSP source, where its URL cannot be read from the config (in AWS it is a
   * CloudFormation token). @default the origin of `config.apiUrl`
   */
  readonly apiSource?: string;
  /**
   * AppSync Events' HTTP and realtime hosts as CSP sources, where they cannot be read from the
   * config (in AWS its endpoint is a CloudFormation token). @default {@link eventsSources} of `config.events.endpoint`
   */
  readonly eventsSources?: readonly string[];
}

/**
 * Where the page sends evidence files (the presigned POST) and shows images from (presigned GETs):
 * the local S3 stand-in's exact origin when the config names one; in AWS any bucket of S3's
 * regional and global hosts, as presigned URLs name the bucket in the host. Naming the evidence
 * bucket exactly would be a CloudFormation cycle: its CORS names the distribution's URL, and the
 * distribution sends this header (as for the API: lib/web.ts).
 */
export function filesSources(config: Pick<WebConfig, 'region' | 'files'>): string[] {
  if (config.files) return [new URL(config.files.endpoint).origin];
  return [`https://*.s3.${config.region}.amazonaws.com`, 'https://*.s3.amazonaws.com'];
}

/** AWS's own Event API endpoints (`https://<id>.appsync-api.<region>.amazonaws.com/event`), as Amplify recognises them. */
const awsEventsEndpoint = /^https:\/\/\w{26}\.\w+-api\.\w{2}(?:(?:-\w{2,})+)-\d\.amazonaws.com(?:\.cn)?\/event$/i;

/**
 * The WebSocket URL Amplify's events client opens for an Event API's HTTP endpoint
 * (@aws-amplify/api-graphql, AWSWebSocketProvider/appsyncUrl): for AWS's own endpoint the
 * `appsync-realtime-api` host beside the `appsync-api` one, for any other (a custom domain, the
 * local stand-in) the same host; `/realtime` appended, and always wss.
 */
export function realtimeEndpointOf(httpEndpoint: string): string {
  const url = awsEventsEndpoint.test(httpEndpoint)
    ? `${httpEndpoint}/realtime`.replace('appsync-api', 'appsync-realtime-api')
    : `${httpEndpoint}/realtime`;
  return url.replace(/^https?:\/\//, 'wss://');
}

/** The CSP sources of an Event API: the origin it is posted to and the one of its WebSocket. */
export function eventsSources(httpEndpoint: string): string[] {
  return [new URL(httpEndpoint).origin, new URL(realtimeEndpointOf(httpEndpoint)).origin];
}

/**
 * The Content-Security-Policy of the web app, derived from the `/config.json` it is served with:
 * whatever the config sends the app to (API, user pool, captcha, card checkout, evidence files) is allowed, and
 * nothing else. CloudFront (lib/web.ts) and the local web server (lib/local/web.ts) both send this,
 * so the laptop's browser tests hold AWS's policy to the same rules.
 *
 * No 'unsafe-eval' and no inline scripts: the Vite build has neither (zod runs jitless for it:
 * web/src/lib/zod-jitless.ts). style-src needs
 * 'unsafe-inline' only for third-party scripts that set style attributes; the app itself styles
 * through its stylesheet and the CSSOM (React's `style` prop), which style-src does not govern.
 */
export function contentSecurityPolicy(config: WebConfig, options: ContentSecurityPolicyOptions = {}): string {
  const scripts = [config.captchaScriptUrl ?? defaultCaptchaScriptUrl, config.payments.checkoutScriptUrl];
  const script: string[] = [];
  const frame: string[] = [];
  let inlineStyles = false;
  for (const url of scripts) {
    const vendor = vendors[new URL(url).origin];
    script.push(...(vendor ? vendor.script : [scriptSource(url)]));
    frame.push(...(vendor?.frame ?? []));
    inlineStyles ||= vendor?.inlineStyles ?? false;
  }
  const api = options.apiSource ?? new URL(config.apiUrl).origin;
  // Amplify posts to the pool's own endpoint when the config names one (the local Cognito).
  const cognito = config.cognito.endpoint
    ? new URL(config.cognito.endpoint).origin
    : `https://cognito-idp.${config.region}.amazonaws.com`;
  // The signed-in person's realtime channel (AppSync Events): posts and the WebSocket.
  const events = options.eventsSources ?? eventsSources(config.events.endpoint);
  // Evidence files (issue 38): uploaded straight to the bucket, images shown from it.
  const files = filesSources(config);
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...script],
    'style-src': ["'self'", ...(inlineStyles ? ["'unsafe-inline'"] : [])],
    // 'self': /config.json, and the local captcha stand-in's token endpoint.
    'connect-src': ["'self'", api, cognito, ...events, ...files],
    // data: for the small images Vite inlines into the build; the bucket for evidence thumbnails.
    'img-src': ["'self'", 'data:', ...files],
    'frame-src': frame.length > 0 ? frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** A script allowed by its exact URL (a source with a path matches that file only), without its query. */
function scriptSource(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
}
