import { parseTimeScale } from '../domain/time-scale';

/**
 * Environment of every function. In AWS, CDK sets these; locally the local cloud sets them,
 * including the endpoint overrides that point the SDK clients at the local stand-ins.
 */
export const envNames = {
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Address the product's emails come from (a verified SES identity in AWS). */
  mailFrom: 'MAIL_FROM',
  /**
   * The SES configuration set the functions send through (lib/mail.ts: addresses that bounce or
   * complain are suppressed); unset locally, where the local SES has none.
   */
  mailConfigurationSet: 'MAIL_CONFIGURATION_SET',
  /** Public URL of the web app, for links in emails. */
  appUrl: 'APP_URL',
  /**
   * Public URL of the HTTP API, for the routes' functions: an email's one-click unsubscription
   * (RFC 8058) is a POST that mail clients send to the API itself, not to a page of the app.
   */
  apiUrl: 'API_URL',
  stage: 'STAGE',
  /** Google's siteverify locally replaced by the local cloud's verifier. */
  captchaVerifyUrl: 'CAPTCHA_VERIFY_URL',
  /** reCAPTCHA v3 score a sign-up must reach (0..1). */
  captchaMinScore: 'CAPTCHA_MIN_SCORE',
  /**
   * Secrets: the ARN of a Secrets Manager secret (locally the local cloud's Secrets Manager, holding
   * the values of its settings); the value itself only where a unit test sets it.
   */
  appSecretArn: 'APP_SECRET_ARN',
  appSecret: 'APP_SECRET',
  captchaSecretArn: 'CAPTCHA_SECRET_ARN',
  captchaSecret: 'CAPTCHA_SECRET',
  /** The escrow state machine (statemachines/escrow.asl.json): executions are started and answered on it. */
  stateMachineArn: 'STATE_MACHINE_ARN',
  /** Flutterwave v3 API base URL; unset = the real provider. Locally the sandbox. */
  flutterwaveBaseUrl: 'FLUTTERWAVE_BASE_URL',
  flutterwaveSecretKeyArn: 'FLUTTERWAVE_SECRET_KEY_ARN',
  flutterwaveSecretKey: 'FLUTTERWAVE_SECRET_KEY',
  /** The `verif-hash` the provider sends with every webhook (set in its dashboard). */
  flutterwaveWebhookHashArn: 'FLUTTERWAVE_WEBHOOK_HASH_ARN',
  flutterwaveWebhookHash: 'FLUTTERWAVE_WEBHOOK_HASH',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  sesEndpoint: 'SES_ENDPOINT',
  sfnEndpoint: 'SFN_ENDPOINT',
  secretsManagerEndpoint: 'SECRETSMANAGER_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  /** The private bucket of the files attached to deliveries and disputes (lib/evidence.ts). */
  evidenceBucket: 'EVIDENCE_BUCKET',
  /** How much faster than real time business time runs (domain/time-scale.ts); set only by the local cloud. */
  timeScale: 'ESCROW_TIME_SCALE',
  /** AppSync Events' HTTP endpoint (`https://<host>/event`), where realtime events are published. */
  eventsHttpEndpoint: 'EVENTS_HTTP_ENDPOINT',
  /** Locally only: the PEM certificate the https stand-ins (AppSync Events, S3) present (self-signed, lib/local/tls.ts). */
  localCaCert: 'LOCAL_CA_CERT',
} as const;

export type EnvName = keyof typeof envNames;

/** A required setting; a missing one is a deployment defect, reported without leaking values. */
export function requireEnv(name: EnvName): string {
  const value = process.env[envNames[name]];
  if (!value) throw new Error(`Missing environment variable ${envNames[name]}`);
  return value;
}

export function optionalEnv(name: EnvName): string | undefined {
  return process.env[envNames[name]] || undefined;
}

/**
 * The factor this function multiplies business durations by (`scaledMs` in domain/time-scale.ts):
 * 1 in AWS, where CDK never sets the variable; locally what `npm start` was given.
 */
export function timeScale(): number {
  return parseTimeScale(process.env[envNames.timeScale], envNames.timeScale);
}

/** The local stand-ins' endpoints: set only by the local cloud, unset in AWS. */
export type EndpointName = Extract<
  EnvName,
  'dynamodbEndpoint' | 'cognitoEndpoint' | 'sesEndpoint' | 'sfnEndpoint' | 'secretsManagerEndpoint' | 's3Endpoint'
>;

/** What every function is told about its stage, whoever runs it: CDK in AWS, the local cloud on a laptop. */
export interface FunctionSettings {
  stage: string;
  tableName: string;
  mailFrom: string;
  appUrl: string;
  /** The HTTP API's URL, for the routes' functions (nothing else links to the API). */
  apiUrl?: string;
  /**
   * The user pool. Cognito triggers do not get it in AWS: the pool depends on its triggers, so
   * they cannot depend on the pool (a CloudFormation cycle); Cognito puts it in every trigger event.
   */
  userPool?: { id: string; clientId: string };
  /** The escrow state machine, for the functions that start or answer its executions. */
  stateMachineArn?: string;
  /** AppSync Events' HTTP endpoint, for the functions that write the table (they announce what they wrote). */
  eventsHttpEndpoint?: string;
  /** Where siteverify is asked; unset = Google's. */
  captchaVerifyUrl?: string;
  endpoints?: Partial<Record<EndpointName, string>>;
  /**
   * The local cloud's time scale (ESCROW_TIME_SCALE). Only the local cloud passes it; CDK never
   * does, so in AWS the variable is unset and the factor is 1 whatever a deploy is given.
   */
  timeScale?: number;
}

/**
 * THE function environment: the one place that maps a stage's settings to variable names. CDK
 * gives it to each Lambda; the local cloud puts it in the process its handlers run in. Secrets
 * are added per function (adapters/secrets.ts: an ARN in AWS, the value locally).
 */
export function functionEnvironment(settings: FunctionSettings): Record<string, string> {
  const values: Partial<Record<EnvName, string>> = {
    stage: settings.stage,
    tableName: settings.tableName,
    mailFrom: settings.mailFrom,
    appUrl: settings.appUrl,
    apiUrl: settings.apiUrl,
    userPoolId: settings.userPool?.id,
    userPoolClientId: settings.userPool?.clientId,
    stateMachineArn: settings.stateMachineArn,
    eventsHttpEndpoint: settings.eventsHttpEndpoint,
    captchaVerifyUrl: settings.captchaVerifyUrl,
    timeScale: settings.timeScale === undefined ? undefined : String(settings.timeScale),
    ...settings.endpoints,
  };
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[envNames[name as EnvName], value]])),
  );
}
