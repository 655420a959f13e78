import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routes } from '../lambdas/routes';
import { tasks } from '../lambdas/tasks';

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
  /** CloudFormation termination protection of the stage's stacks. */
  readonly terminationProtection: boolean;
  /** Cognito Plus with threat protection (in audit mode) for every sign-in. */
  readonly threatProtection: boolean;
  /**
   * The domain every email is sent from (OTPs, links, Cognito messages): `-c mailDomain=<domain>`.
   * The stage's mail stack makes it an SES identity with DKIM; ops add its DNS records.
   */
  readonly mailDomain: string;
  /** Sender of every email: `no-reply@<mailDomain>`. */
  readonly mailFrom: string;
  /**
   * The site's own domain, when it has one (`-c domainName=app.example.ng` with
   * `-c certificateArn=<ACM certificate in us-east-1>`): CloudFront serves it and emails link to it.
   */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /**
   * Where people reach support, published in /config.json: `-c supportEmail=<address>` (default
   * `support@<mailDomain>`) and `-c supportWhatsapp=<digits, international form: 2348012345678>`.
   * @default no WhatsApp number: the support pages offer email only
   */
  readonly support: { readonly email: string; readonly whatsapp?: string };
  /** reCAPTCHA v3 site key published in /config.json; `-c captchaSiteKey=<key>`. */
  readonly captchaSiteKey: string;
  /** Flutterwave public key published in /config.json for the card checkout; `-c flutterwavePublicKey=<key>`. */
  readonly flutterwavePublicKey: string;
  /** The provider's hosted card checkout script. */
  readonly checkoutScriptUrl: string;
  /** Origins allowed by the API's CORS besides the stage's own CloudFront URL (e.g. vite dev server). */
  readonly extraCorsOrigins: readonly string[];
  /**
   * Steady-state and burst request limits of every route of the HTTP API's default stage that has
   * none of its own (public routes have theirs in the route table, lambdas/routes.ts `throttle`).
   */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Lambda concurrency kept for what moves money, so that a flood of any route leaves it some: the
   * functions of the routes marked `reservedConcurrency` (the provider's webhook) and every task
   * function of the workflow. A reservation is also that function's ceiling. Lambda keeps
   * min(quota, 100) of the account's quota unreserved, so the quota must hold the reservations and
   * 100 more: a new account's 10 holds none (docs/deploy.md, the Lambda quota).
   */
  readonly lambdaConcurrency: {
    /**
     * The account's concurrent executions quota in the stage's region (Service Quotas L-B99A9384) as
     * AWS granted it; `-c lambdaConcurrencyQuota=<n>` when it is not this.
     */
    readonly accountQuota: number;
    /** Reserved for each route function whose entry is marked `reservedConcurrency`. */
    readonly perReservedRoute: number;
    /** Reserved for each task function of lambdas/tasks.ts. */
    readonly perTask: number;
  };
  /**
   * ARN of a WAFv2 web ACL (scope CLOUDFRONT, created in us-east-1) to attach to the distribution.
   * Overridable with `-c webAclArn=<arn>`. @default none: the distribution runs without WAF
   */
  readonly webAclArn?: string;
}

type StageDefaults = Omit<
  StageConfig,
  'captchaSiteKey' | 'flutterwavePublicKey' | 'mailDomain' | 'mailFrom' | 'customDomain' | 'support'
> & {
  /** A stage whose account must be named (`-c account=<id>`), so a deploy cannot land in the wrong one. */
  readonly requireAccount: boolean;
  /** A stage real money and real people use: a test key or a stand-in value is refused for it. */
  readonly liveKeysOnly: boolean;
};

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
    terminationProtection: false,
    threatProtection: false,
    requireAccount: false,
    liveKeysOnly: false,
    extraCorsOrigins: ['http://localhost:5173'],
    checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js',
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    // Enough for a team's tests; still needs a quota above the new-account 10.
    lambdaConcurrency: { accountQuota: 1000, perReservedRoute: 5, perTask: 2 },
  },
  prod: {
    name: 'prod',
    env: { region: 'eu-west-1' },
    // Finance and disputes need months of history; a year covers a contract's life and its audit.
    logRetention: RetentionDays.ONE_YEAR,
    accessLogExpirationDays: 365,
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    terminationProtection: true,
    threatProtection: true,
    requireAccount: true,
    liveKeysOnly: true,
    extraCorsOrigins: [],
    checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js',
    apiThrottle: { rateLimit: 200, burstLimit: 400 },
    // A task runs for well under a second: 10 at once is thousands of executions' steps a minute,
    // and the ASL retries a throttled one. The webhook answers at once and is retried when refused.
    lambdaConcurrency: { accountQuota: 1000, perReservedRoute: 50, perTask: 10 },
  },
};

export const stageNames = Object.keys(stages);

/** How much Lambda concurrency a stage reserves in all: what its account's quota must hold, plus 100. */
export function reservedConcurrencyOf(stage: Pick<StageConfig, 'lambdaConcurrency'>): {
  total: number;
  routes: number;
  tasks: number;
} {
  const { perReservedRoute, perTask } = stage.lambdaConcurrency;
  const reservedRoutes = routes.filter((route) => route.reservedConcurrency).length;
  const total = reservedRoutes * perReservedRoute + tasks.length * perTask;
  return { total, routes: reservedRoutes, tasks: tasks.length };
}

/**
 * What the Lambda quota cannot hold, as the one-line ask for the setting, or undefined when it can:
 * Lambda refuses a reservation that leaves less than min(quota, 100) unreserved.
 */
function concurrencyProblem(stage: Pick<StageConfig, 'lambdaConcurrency'>): string | undefined {
  const { accountQuota, perReservedRoute, perTask } = stage.lambdaConcurrency;
  const reserved = reservedConcurrencyOf(stage);
  if (reserved.total <= accountQuota - Math.min(accountQuota, 100)) return undefined;
  return (
    `-c lambdaConcurrencyQuota=<the account's Lambda concurrency quota (Service Quotas L-B99A9384), at least ${reserved.total + 100}: ` +
    `the stage reserves ${reserved.total} (${perReservedRoute} for each of ${reserved.routes} webhook routes, ${perTask} for each of ${reserved.tasks} tasks) ` +
    `and Lambda keeps 100 unreserved: a quota of ${accountQuota} cannot hold them>`
  );
}

/** A stage's name and region, without its deploy-time settings: what the finance and ops scripts need to find its stack. */
export function stageLocation(name: string): { name: string; region: string } {
  const defaults = stages[name];
  if (!defaults) throw new StageSettingsError(`Unknown stage "${name}". Known stages: ${stageNames.join(', ')}.`);
  return { name, region: defaults.env.region };
}

/** A stage that cannot be deployed as configured: the CLI prints its one-line message. */
export class StageSettingsError extends Error {
  override name = 'StageSettingsError';
}

/** What each deploy-time setting is, as the message asks for it. */
const requiredSettings = {
  account: 'the AWS account id',
  mailDomain: 'the domain emails are sent from',
  captchaSiteKey: "the reCAPTCHA v3 site key (Google's admin console)",
  flutterwavePublicKey: "the Flutterwave public key (the provider's dashboard)",
} as const;

/** Values that are someone's example, never a real setting. */
const placeholder = /example\.(com|org|net)|REPLACE_WITH|changeme|placeholder/i;

/** Stand-ins someone meant to replace: `xxx`, `TODO`, `TBD`, `dummy`, `fake`, `test`. */
const standIn = /^(x{3,}|todo|tbd|dummy|fake|test|none|null)$|\bTODO\b/i;

/**
 * Keys that work only in their provider's test mode, never with real money or real people:
 * Google's published reCAPTCHA test site key (every token passes), Flutterwave's test keys.
 */
const testKeys: Partial<Record<keyof typeof requiredSettings, { test: (value: string) => boolean; why: string }>> = {
  captchaSiteKey: {
    test: (value) => value === '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
    why: "a live reCAPTCHA v3 site key, not Google's public test key",
  },
  flutterwavePublicKey: {
    test: (value) => /^FLWPUBK_TEST-/i.test(value),
    why: 'a live Flutterwave public key (FLWPUBK-), not a test key',
  },
};

/**
 * The configuration selected with `-c stage=<name>` (default `dev`), with its deploy-time settings
 * from the context: `mailDomain`, `captchaSiteKey`, `flutterwavePublicKey`, `account` (required
 * where the stage says so), optional `domainName` + `certificateArn`, `webAclArn`, `supportEmail` and
 * `supportWhatsapp`, and `lambdaConcurrencyQuota` (the account's, when not the stage's assumption). A
 * missing or placeholder setting, or a quota that cannot hold the stage's reservations, throws one {@link StageSettingsError} naming all of them.
 */
export function loadStageConfig(scope: Construct): StageConfig {
  const name = contextString(scope, 'stage') ?? 'dev';
  const defaults = stages[name];
  if (!defaults) {
    throw new StageSettingsError(
      `Unknown stage "${name}". Known stages: ${stageNames.join(', ')}. Select one with -c stage=<name>.`,
    );
  }
  const { requireAccount, liveKeysOnly, ...stage } = defaults;
  const settings = {
    account: contextString(scope, 'account') ?? defaults.env.account,
    mailDomain: contextString(scope, 'mailDomain'),
    captchaSiteKey: contextString(scope, 'captchaSiteKey'),
    flutterwavePublicKey: contextString(scope, 'flutterwavePublicKey'),
  };
  const domainName = contextString(scope, 'domainName');
  const supportEmail = contextString(scope, 'supportEmail');
  const supportWhatsapp = contextString(scope, 'supportWhatsapp');
  const certificateArn = contextString(scope, 'certificateArn');
  const quota = contextString(scope, 'lambdaConcurrencyQuota');
  const problems = (Object.keys(requiredSettings) as Array<keyof typeof requiredSettings>)
    .filter((key) => key !== 'account' || requireAccount)
    .filter((key) => !settings[key] || placeholder.test(settings[key] ?? ''))
    .map((key) => `-c ${key}=<${requiredSettings[key]}>`);
  if (defaults.liveKeysOnly)
    for (const key of Object.keys(requiredSettings) as Array<keyof typeof requiredSettings>) {
      const value = settings[key];
      if (!value || placeholder.test(value)) continue; // already asked for above
      if (standIn.test(value)) problems.push(`-c ${key}=<${requiredSettings[key]}, not the stand-in "${value}">`);
      else if (testKeys[key]?.test(value)) problems.push(`-c ${key}=<${testKeys[key]?.why}>`);
    }
  if (settings.mailDomain && !/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(settings.mailDomain))
    problems.push(`-c mailDomain=<a domain name, not "${settings.mailDomain}">`);
  if (settings.account && !/^\d{12}$/.test(settings.account)) problems.push(`-c account=<12 digits, not "${settings.account}">`);
  if (Boolean(domainName) !== Boolean(certificateArn) || (domainName && placeholder.test(domainName)))
    problems.push('-c domainName=<the site domain> with -c certificateArn=<its ACM certificate in us-east-1>, both or neither');
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn))
    problems.push('-c certificateArn=<an ACM certificate ARN in us-east-1 (CloudFront only takes those)>');
  if (supportEmail && (placeholder.test(supportEmail) || !/^[^\s@]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(supportEmail)))
    problems.push(`-c supportEmail=<an email address, not "${supportEmail}">`);
  if (supportWhatsapp && !/^[1-9]\d{7,14}$/.test(supportWhatsapp))
    problems.push(`-c supportWhatsapp=<digits in international form without + (2348012345678), not "${supportWhatsapp}">`);
  if (quota !== undefined && !/^[1-9]\d*$/.test(quota))
    problems.push(`-c lambdaConcurrencyQuota=<a whole number of concurrent executions, not "${quota}">`);
  const lambdaConcurrency = {
    ...defaults.lambdaConcurrency,
    ...(quota && /^[1-9]\d*$/.test(quota) ? { accountQuota: Number(quota) } : {}),
  };
  const tooLittle = concurrencyProblem({ lambdaConcurrency });
  if (tooLittle) problems.push(tooLittle);
  if (problems.length > 0) throw new StageSettingsError(`Stage "${name}" cannot be deployed without: ${problems.join(', ')}.`);
  const mailDomain = (settings.mailDomain as string).toLowerCase();
  return {
    ...stage,
    env: settings.account ? { ...defaults.env, account: settings.account } : defaults.env,
    mailDomain,
    mailFrom: `no-reply@${mailDomain}`,
    support: { email: supportEmail ?? `support@${mailDomain}`, ...(supportWhatsapp ? { whatsapp: supportWhatsapp } : {}) },
    captchaSiteKey: settings.captchaSiteKey as string,
    flutterwavePublicKey: settings.flutterwavePublicKey as string,
    ...(domainName && certificateArn ? { customDomain: { domainName: domainName.toLowerCase(), certificateArn } } : {}),
    webAclArn: contextString(scope, 'webAclArn') ?? defaults.webAclArn,
    lambdaConcurrency,
  };
}

function contextString(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new StageSettingsError(`Context value "${key}" must be a string, got ${JSON.stringify(value)}.`);
  return value;
}
