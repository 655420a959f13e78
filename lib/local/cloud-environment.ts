import { envNames, type FunctionSettings, functionEnvironment } from '../../lambdas/core/adapters/env';
import type { SecretName } from '../../lambdas/core/adapters/secrets';
import type { LocalCredentials } from './dynamodb';
import { localStage } from './stage';

/** The endpoints known only once their stand-in listens, after the functions are set up. */
export interface LaterEndpoints {
  sfnEndpoint?: string;
  flutterwaveBaseUrl?: string;
  apiUrl?: string;
  eventsHttpEndpoint?: string;
}

/**
 * The local cloud's value of every variable CDK sets for a function (each function gets only the
 * ones CDK gives it: LocalFunctions), and the local stand-ins' endpoints, which every function
 * gets here and none has in AWS. Read at each invocation, as the stand-ins started later
 * (Step Functions, the payment sandbox, the API, the realtime endpoint) add theirs.
 */
export class CloudEnvironment {
  private readonly later: LaterEndpoints = {};

  constructor(
    private readonly settings: FunctionSettings,
    /** The stand-ins that listen before the functions are set up. */
    private readonly endpoints: {
      dynamodb: string;
      ses: string;
      cognito: string;
      secretsManager: string;
      s3: string;
      /** The evidence bucket's local name: the functions CDK gives it to have it from the template; this process here. */
      evidenceBucket: string;
      /** The certificate the https stand-ins present (lib/local/tls.ts), which the functions trust. */
      localCaCert: string;
    },
  ) {}

  /** The variables CDK sets, with the local cloud's values. */
  readonly functionValues = (): Record<string, string> =>
    functionEnvironment({
      ...this.settings,
      eventsHttpEndpoint: this.later.eventsHttpEndpoint,
      apiUrl: this.later.apiUrl,
    });

  /** The variables every function gets here and none has in AWS. */
  readonly localOnly = (): Record<string, string | undefined> => ({
    AWS_REGION: localStage.region,
    AWS_DEFAULT_REGION: localStage.region,
    [envNames.dynamodbEndpoint]: this.endpoints.dynamodb,
    [envNames.sesEndpoint]: this.endpoints.ses,
    [envNames.cognitoEndpoint]: this.endpoints.cognito,
    [envNames.secretsManagerEndpoint]: this.endpoints.secretsManager,
    [envNames.s3Endpoint]: this.endpoints.s3,
    [envNames.sfnEndpoint]: this.later.sfnEndpoint,
    [envNames.flutterwaveBaseUrl]: this.later.flutterwaveBaseUrl,
    [envNames.localCaCert]: this.endpoints.localCaCert,
    [envNames.timeScale]: String(this.settings.timeScale ?? 1),
  });

  /**
   * The process itself (the cloud's own set-up, a test's direct reads and scripts it starts) is the
   * account's root, with every setting and the secrets' ARNs (never their values).
   */
  enterAsRoot(credentials: LocalCredentials, secretArns: Record<SecretName, string>): void {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...functionEnvironment(this.settings),
      ...this.localOnly(),
      [envNames.evidenceBucket]: this.endpoints.evidenceBucket,
      [envNames.appSecretArn]: secretArns.app,
      [envNames.captchaSecretArn]: secretArns.captcha,
      [envNames.flutterwaveSecretKeyArn]: secretArns.flutterwaveSecretKey,
      [envNames.flutterwaveWebhookHashArn]: secretArns.flutterwaveWebhookHash,
      // No CloudWatch here to read the money metrics' EMF lines (adapters/metrics.ts): kept out of the terminal.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    });
  }

  /** A stand-in listens now: the functions get its endpoint from their next invocation, this process at once. */
  learn(endpoints: LaterEndpoints): void {
    for (const [name, value] of Object.entries(endpoints) as Array<[keyof LaterEndpoints, string | undefined]>) {
      this.later[name] = value;
      process.env[envNames[name]] = value;
    }
  }

  get apiUrl(): string | undefined {
    return this.later.apiUrl;
  }
}
