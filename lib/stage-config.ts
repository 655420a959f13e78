import { Annotations, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * Everything that differs between deployments of the product. One object per stage; nothing
 * stage-specific is written anywhere else in lib/.
 */
export interface StageConfig {
  /** Stage name: the Stage construct id (prefix of stack names) and the functions' STAGE. */
  readonly name: string;
  /**
   * Where the stage is deployed. The account is only set when given with `-c account=<id>`, so a
   * synth needs no credentials and no network (the stack is account-agnostic otherwise).
   */
  readonly env: { readonly account?: string; readonly region: string };
  /** Retention of every log group of the stage (functions, API access logs). */
  readonly logRetention: RetentionDays;
  /** Days S3 and CloudFront access logs are kept before S3 deletes them. */
  readonly accessLogExpirationDays: number;
  /** What happens to stateful resources (table, user pool, buckets, log groups) on stack deletion. */
  readonly removalPolicy: RemovalPolicy;
  /** DynamoDB and Cognito deletion protection: the last line of defence for money and identities. */
  readonly deletionProtection: boolean;
  /**
   * Sender of every email (OTPs, links, Cognito messages). Its domain must be a verified SES
   * identity in the stage's region before deploying. Overridable with `-c mailFrom=<address>`.
   */
  readonly mailFrom: string;
  /** reCAPTCHA v3 site key published in /config.json; `-c captchaSiteKey=<key>`. */
  readonly captchaSiteKey: string;
  /** Flutterwave public key published in /config.json for the card checkout; `-c flutterwavePublicKey=<key>`. */
  readonly flutterwavePublicKey: string;
  /** The provider's hosted card checkout script. */
  readonly checkoutScriptUrl: string;
  /** Origins allowed by the API's CORS besides the stage's own CloudFront URL (e.g. vite dev server). */
  readonly extraCorsOrigins: readonly string[];
  /** Steady-state and burst request limits of the HTTP API's default stage. */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * ARN of a WAFv2 web ACL (scope CLOUDFRONT, created in us-east-1) to attach to the distribution.
   * Overridable with `-c webAclArn=<arn>`. @default none: the distribution runs without WAF
   */
  readonly webAclArn?: string;
}

/** Shown in /config.json until a real key is supplied; the web app can detect and report it. */
export const CAPTCHA_SITE_KEY_PLACEHOLDER = 'REPLACE_WITH_RECAPTCHA_V3_SITE_KEY';

/** Shown in /config.json until the stage's Flutterwave public key is supplied. */
export const FLUTTERWAVE_PUBLIC_KEY_PLACEHOLDER = 'REPLACE_WITH_FLUTTERWAVE_PUBLIC_KEY';

type StageDefaults = Omit<StageConfig, 'captchaSiteKey' | 'flutterwavePublicKey'>;

/**
 * eu-west-1 for both stages: every service used (Cognito custom auth, SES v2 production access,
 * HTTP API, CloudFront logging) is there, and it is not an opt-in region like af-south-1.
 */
const stages: Record<string, StageDefaults> = {
  dev: {
    name: 'dev',
    env: { region: 'eu-west-1' },
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogExpirationDays: 14,
    // A dev stage is rebuilt at will; nothing in it is worth keeping.
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    mailFrom: 'no-reply@dev.escrow.example.com',
    extraCorsOrigins: ['http://localhost:5173'],
    checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js',
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  prod: {
    name: 'prod',
    env: { region: 'eu-west-1' },
    // Finance and disputes need months of history; a year covers a contract's life and its audit.
    logRetention: RetentionDays.ONE_YEAR,
    accessLogExpirationDays: 365,
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    mailFrom: 'no-reply@escrow.example.com',
    extraCorsOrigins: [],
    checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js',
    apiThrottle: { rateLimit: 200, burstLimit: 400 },
  },
};

export const stageNames = Object.keys(stages);

/**
 * The configuration selected with `-c stage=<name>` (default `dev`), with the context overrides
 * `account`, `mailFrom`, `captchaSiteKey` and `webAclArn` applied. Throws on an unknown stage.
 */
export function loadStageConfig(scope: Construct): StageConfig {
  const name = contextString(scope, 'stage') ?? 'dev';
  const defaults = stages[name];
  if (!defaults) {
    throw new Error(`Unknown stage "${name}". Known stages: ${stageNames.join(', ')}. Select one with -c stage=<name>.`);
  }
  const captchaSiteKey = contextString(scope, 'captchaSiteKey');
  if (!captchaSiteKey) {
    Annotations.of(scope).addWarningV2(
      'escrow:captchaSiteKeyMissing',
      `No reCAPTCHA site key for stage "${name}": /config.json gets a placeholder and sign-up cannot pass the captcha. Pass -c captchaSiteKey=<key>.`,
    );
  }
  const account = contextString(scope, 'account') ?? defaults.env.account;
  const mailFrom = contextString(scope, 'mailFrom') ?? defaults.mailFrom;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) throw new Error(`mailFrom "${mailFrom}" is not an email address.`);
  return {
    ...defaults,
    env: account ? { ...defaults.env, account } : defaults.env,
    mailFrom,
    captchaSiteKey: captchaSiteKey ?? CAPTCHA_SITE_KEY_PLACEHOLDER,
    flutterwavePublicKey: contextString(scope, 'flutterwavePublicKey') ?? FLUTTERWAVE_PUBLIC_KEY_PLACEHOLDER,
    webAclArn: contextString(scope, 'webAclArn') ?? defaults.webAclArn,
  };
}

function contextString(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context value "${key}" must be a string, got ${JSON.stringify(value)}.`);
  return value;
}
