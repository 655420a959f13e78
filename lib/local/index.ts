import { mkdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { envNames, type FunctionSettings } from '../../lambdas/core/adapters/env';
import type { SecretName } from '../../lambdas/core/adapters/secrets';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { isCurrency } from '../../lambdas/core/domain/money';
import { notificationsNamespace } from '../../lambdas/realtime';
import { routes } from '../../lambdas/routes';
import { escrowDefinitionPath } from '../../lambdas/tasks';
import { userPoolSettings } from '../user-pool-settings';
import { type ApiOptions, createApiServer } from './api';
import { type ApiFaults, noApiFaults } from './api-gate';
import { type LocalEvents, startLocalEvents } from './appsync-events';
import { LocalCaptcha } from './captcha';
import { CloudEnvironment } from './cloud-environment';
import { cognitoRequestListener } from './cognito/server';
import { CognitoService } from './cognito/service';
import { TokenIssuer } from './cognito/tokens';
import { UserStore } from './cognito/user-store';
import { type LocalCredentials, startDynamo } from './dynamodb';
import {
  type FlutterwaveSandbox,
  type SandboxFaults,
  type SandboxPaymentType,
  type SandboxRefund,
  type SandboxTransaction,
  type SandboxTransfer,
  startFlutterwaveSandbox,
} from './flutterwave/index';
import { type FunctionInvocation, loadRealtimeAuthorizer, loadSchedules, loadTasks, loadTriggers } from './function-handlers';
import { close, createStartingServer, listen, type StartingServer } from './http-util';
import { type AccessDenial, type Credentials, LocalIam, takeAccessDenials } from './iam/authority';
import { startDynamoGuard } from './iam/dynamodb-guard';
import { LocalFunctions } from './iam/functions';
import { localNames } from './iam/names';
import { startSesGuard } from './iam/ses-guard';
import { loadStageIam } from './iam/stage-cache';
import { type LocalSecrets, localSecrets } from './local-secrets';
import { localPorts } from './ports';
import { startLocalS3 } from './s3';
import { startScheduleRunner } from './schedules';
import { startLocalSecretsManager } from './secrets-manager';
import { createStepTemplates, htmlToText, startSes } from './ses';
import { localStage } from './stage';
import { type LocalStepFunctions, startLocalStepFunctions } from './stepfunctions/index';
import { tlsCertificate } from './tls';
import { webRequestListener } from './web';
import { localWebConfig } from './web-config';

export type { FunctionInvocation };
export { localStage };

export interface LocalCloudOptions {
  /** Where everything persists; omitted = in memory (tests). */
  dataDir?: string;
  /** The app's port; the other parts take the ports after it (lib/local/ports.ts). 0 = each on a free port. */
  port?: number;
  /** The built SPA. @default web/dist */
  webDist?: string;
  /** Task state name -> TimeoutSeconds to use instead of the ASL's (tests shorten the 7-day funding window). */
  workflowTimeouts?: Record<string, number>;
  /**
   * The escrow state machine to run instead of statemachines/escrow.asl.json, with the same task
   * handlers (tests: executions started under an earlier version of it, which AWS keeps running).
   */
  workflowDefinition?: object;
  /**
   * Business time's factor (`npm start`'s ESCROW_TIME_SCALE): the workflow's timeouts and waits, and
   * the deadlines the functions compute (`scaledMs`), are multiplied by it. @default 1
   */
  timeScale?: number;
  /** The payment sandbox's settings (tests shorten how long a payout or a refund takes to be decided). */
  flutterwave?: {
    transferDecideMs?: number;
    refundDecideMs?: number;
    /** Payments of these types are refused a refund (`npm start`'s ESCROW_SANDBOX_NO_REFUNDS). @default none */
    nonRefundablePaymentTypes?: SandboxPaymentType[];
  };
  /** Task state name -> retry interval(s) in ms instead of the ASL's (tests do not wait minutes between transfer retries). */
  workflowRetryIntervals?: Record<string, number | number[]>;
  /** Told of every API event a handler answered (lib/local/api.ts `observe`). */
  observeApi?: ApiOptions['observe'];
  /**
   * Each public route's own request limits (lambdas/routes.ts `throttle`), as the HTTP API applies
   * them; false only for a fuzzer, which sends each route hundreds of inputs a second to reach its
   * handler. @default true
   */
  routeThrottles?: boolean;
  /** Told of every invocation of a workflow task, a Cognito trigger or a schedule, with how long it ran (`npm run bench`). */
  observeInvocation?: (invocation: FunctionInvocation) => void;
  /**
   * The schedules of lambdas/schedules.ts run every `rateMinutes` times `timeScale` (at least a
   * second); `everyMs` sets the interval of all of them instead (tests).
   */
  schedules?: { everyMs?: number };
}

export interface LocalCloud {
  appUrl: string;
  apiUrl: string;
  cognitoEndpoint: string;
  mailboxUrl: string;
  dynamodbEndpoint: string;
  /** The local Step Functions (SFN JSON API) and its executions page for finance. */
  stepFunctionsEndpoint: string;
  stateMachineArn: string;
  executionsUrl: string;
  /** The payment provider's sandbox: where a person pays, and its test keys. */
  flutterwave: {
    url: string;
    bankUrl: string;
    publicKey: string;
    secretKey: string;
    webhookHash: string;
    faults: SandboxFaults;
    /** Every payout transfer the sandbox was asked for (finance's and the tests' count). */
    transfers: () => SandboxTransfer[];
    /** Every transaction a payer made in the sandbox, with its webhook's deliveries. */
    transactions: () => SandboxTransaction[];
    /** Every refund the sandbox was asked for, oldest first. */
    refunds: () => SandboxRefund[];
    /** The merchant balance in a currency, in minor units, as `GET /v3/balances/<currency>` answers it. */
    balanceMinor: (currency: string) => number;
    /** A fault: the wallet holds `minor` now (a transfer or refund it cannot cover is refused); null, back to its records. */
    setBalanceMinor: (currency: string, minor: number | null) => void;
    /** Moves the sandbox's naira rate of a currency (null: back to its fixed rate), as rates move at the provider. */
    setNairaRate: FlutterwaveSandbox['setNairaRate'];
    /** From now on, payments of these types are refused a refund ("not supported"): they go back by bank transfer. */
    setNonRefundablePaymentTypes: (types: SandboxPaymentType[]) => void;
  };
  /** The AppSync Events stand-in: its HTTP endpoint (publish, and the web's config), its realtime one and its certificate. */
  events: { httpEndpoint: string; realtimeEndpoint: string; certificate: string };
  /**
   * S3 with the stage's evidence bucket (lib/local/s3.ts), https only, behind IAM: its endpoint
   * (path-style), the bucket's local name and the certificate it presents (the same as `events`').
   */
  s3: { endpoint: string; evidenceBucket: string; certificate: string };
  config: WebConfig;
  /**
   * This cloud's root credentials (the account's root: allowed everything), made up once per data
   * directory (per start in memory): what the tests' direct reads and the cloud's own set-up sign
   * with. Every function signs with its own role's (`iam`), ops' and finance's scripts with theirs.
   */
  credentials: LocalCredentials;
  /**
   * IAM as the local endpoints enforce it: every principal (each function's role, the finance and
   * ops groups, the root) with its credentials and the policies CDK synthesizes for the stage, and
   * every request refused so far (`denials`; tests fail on any they did not provoke).
   */
  iam: {
    credentialsOf(principal: string): Credentials;
    /** The refusals of every local cloud of this process since the last call (and forgets them). */
    takeDenials(): AccessDenial[];
    /** Runs `invoke` as an invocation of the function `purpose` (its environment and credentials), as the cloud runs its functions. */
    runAs<T>(purpose: string, invoke: () => T): T;
  };
  /** Secrets Manager, holding the stage's secrets (their ARNs are the stack's outputs). */
  secretsManagerEndpoint: string;
  cognito: CognitoService;
  tokens: TokenIssuer;
  captcha: LocalCaptcha;
  /**
   * A fault switch on a function, by `<kind>:<name>` as the stage names it (`task:Transfer`,
   * `route:flutterwave-webhook`): while on, invoking it fails as Lambda does when throttled (the
   * workflow sees Lambda.TooManyRequestsException; the HTTP API answers its route 500).
   */
  throttleFunction(name: string, on: boolean): void;
  /**
   * Runs the schedule of lambdas/schedules.ts named `name` now and resolves with its summary (rejects
   * with its error). A run of it already going is waited for first: runs never overlap.
   */
  runSchedule(name: string): Promise<unknown>;
  /** Stops everything; a schedule's run in flight is waited for first. */
  stop(): Promise<void>;
}

export type { WebConfig };

const rootDir = resolve(import.meta.dirname, '../..');
const stateMachineArn = `arn:aws:states:${localStage.region}:${localStage.accountId}:stateMachine:${localStage.stateMachineName}`;

/**
 * The whole product on one machine, loopback only (but for DynamoDB Local, which cannot bind to
 * one interface: see startDynamo): DynamoDB Local, SES, Secrets Manager, the Cognito user pool
 * endpoint, the payment sandbox, Step Functions, the HTTP API with every route of the route
 * table, AppSync Events, the schedules and the web app, each on its port of lib/local/ports.ts.
 */
export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const ports = localPorts(options.port ?? 0);
  const running = new RunningParts();
  try {
    const account = setUpAccount(options.dataDir);
    const ses = await startSesStandIn(running, ports.ses, account);
    const dynamo = await startDynamoStandIn(running, ports.dynamodb, account, options.dataDir);
    const secretsManager = await startSecretsManager(running, ports.secretsManager, account);
    // Cognito's issuer contains its own URL, and the app's URL goes into emails and the captcha
    // check: both listen before anything is built from them (answering 503 until then).
    const cognitoHttp = await listenBeforeReady(running, ports.cognito);
    const web = await listenBeforeReady(running, ports.app);
    // One self-signed certificate for the https stand-ins (AppSync Events, S3): trusted once.
    const tls = await tlsCertificate(options.dataDir && join(options.dataDir, 'events-tls.json'));
    const s3 = await startS3StandIn(running, ports.s3, { account, appUrl: web.url, tls, dataDir: options.dataDir });

    const environment = new CloudEnvironment(functionSettings(web.url, options.timeScale ?? 1), {
      dynamodb: dynamo.endpoint,
      ses: ses.endpoint,
      cognito: cognitoHttp.url,
      secretsManager: secretsManager.endpoint,
      s3: s3.endpoint,
      evidenceBucket: s3.evidenceBucket,
      localCaCert: tls.cert,
    });
    const functions = new LocalFunctions(account.iam, environment.functionValues, environment.localOnly);
    environment.enterAsRoot(account.credentials, account.secretArns);

    const flutterwave = await startPaymentSandbox(running, ports.flutterwave, account.secrets, environment, options);
    await recordSandboxFloat(flutterwave);
    const workflow = await startWorkflow(running, ports.stepFunctions, account.iam, functions, environment, options);
    const { cognito, tokens } = await startUserPool(running, cognitoHttp, {
      account,
      sesEndpoint: ses.endpoint,
      appUrl: web.url,
      functions,
      options,
    });
    const api = await startApi(running, ports.api, { tokens, functions, appUrl: web.url, options });
    // Known once it listens: the routes' functions link to it (one-click unsubscription in emails).
    environment.learn({ apiUrl: api.url });
    const events = await startRealtime(running, ports.events, account.iam, functions, options, tls);
    // The functions publish to it (in AWS CDK gives them the Event API's endpoint).
    environment.learn({ eventsHttpEndpoint: events.httpEndpoint });
    const { config, captcha } = serveWebApp(
      web,
      {
        appUrl: web.url,
        apiUrl: api.url,
        cognitoEndpoint: cognitoHttp.url,
        mailboxUrl: ses.endpoint,
        checkoutScriptUrl: flutterwave.checkoutScriptUrl,
        eventsEndpoint: events.httpEndpoint,
        filesEndpoint: s3.endpoint,
      },
      account.secrets,
      options.webDist,
    );
    // Last, once everything its handlers reach listens; its stop runs first and waits for a run in flight.
    const scheduleRunner = await startSchedules(running, functions, options);

    return {
      appUrl: web.url,
      apiUrl: api.url,
      cognitoEndpoint: cognitoHttp.url,
      mailboxUrl: ses.endpoint,
      dynamodbEndpoint: dynamo.endpoint,
      stepFunctionsEndpoint: workflow.endpoint,
      stateMachineArn,
      executionsUrl: workflow.executionsUrl,
      flutterwave: sandboxHandle(flutterwave, account.secrets),
      events: { httpEndpoint: events.httpEndpoint, realtimeEndpoint: events.realtimeEndpoint, certificate: events.certificate },
      s3: { endpoint: s3.endpoint, evidenceBucket: s3.evidenceBucket, certificate: tls.cert },
      config,
      credentials: account.credentials,
      iam: {
        credentialsOf: (principal) => account.iam.principal(principal).credentials,
        takeDenials: takeAccessDenials,
        runAs: (purpose, invoke) => functions.run(purpose, invoke),
      },
      secretsManagerEndpoint: secretsManager.endpoint,
      cognito,
      tokens,
      captcha,
      throttleFunction: throttleSwitch(workflow, api.faults),
      runSchedule: (name) => scheduleRunner.runNow(name),
      stop: () => running.stop(),
    };
  } catch (error) {
    await running.stop();
    throw error;
  }
}

/** What has started so far: stopped in the reverse order of starting, then the servers listening here closed. */
class RunningParts {
  private readonly stoppers: Array<() => Promise<void>> = [];
  private readonly servers: Server[] = [];

  constructor() {
    this.stoppers.push(async () => {
      for (const s of this.servers) await close(s);
    });
  }

  onStop(stop: () => Promise<void>): void {
    this.stoppers.push(stop);
  }

  server(server: Server): void {
    this.servers.push(server);
  }

  async stop(): Promise<void> {
    for (const s of this.stoppers.reverse()) await s().catch(() => undefined);
  }
}

/** The AWS account the cloud plays. */
interface Account {
  secrets: LocalSecrets;
  iam: LocalIam;
  /** The account's root: what the cloud's own set-up and the tests' direct reads sign with. */
  credentials: LocalCredentials;
  secretArns: Record<SecretName, string>;
}

/**
 * The account: its data folder, its secrets, and IAM from the same source as AWS (the roles and
 * groups CDK synthesizes for the stage).
 */
function setUpAccount(dataDir: string | undefined): Account {
  // The data folder holds secrets and password verifiers: a new one is the owner's alone.
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets = localSecrets(dataDir && join(dataDir, 'secrets.json'));
  const iam = new LocalIam(secrets.awsSecretAccessKey, loadStageIam(), localNames);
  return { secrets, iam, credentials: iam.principal('admin').credentials, secretArns: secretArnsOf(iam) };
}

/** SES, and the product's email templates in it. The emulator takes any signature: it sits behind a proxy that checks IAM. */
async function startSesStandIn(running: RunningParts, port: number, account: Account) {
  const emulator = await startSes(0);
  running.onStop(emulator.stop);
  const ses = await startSesGuard({
    port,
    target: emulator.endpoint,
    iam: account.iam,
    configurationSet: mailConfigurationSet(account.iam),
  });
  running.server(ses.server);
  await createStepTemplates(ses.endpoint, localStage.stage, localStage.region, account.credentials);
  return ses;
}

/** DynamoDB Local with the stage's table. It takes any signature: it sits behind a proxy that checks IAM. */
async function startDynamoStandIn(running: RunningParts, port: number, account: Account, dataDir: string | undefined) {
  const dynamoLocal = await startDynamo({
    dataDir: dataDir && join(dataDir, 'dynamodb'),
    port: 0,
    tableName: localStage.tableName,
    credentials: account.credentials,
  });
  running.onStop(dynamoLocal.stop);
  const dynamo = await startDynamoGuard({ port, target: dynamoLocal.endpoint, iam: account.iam });
  running.server(dynamo.server);
  return dynamo;
}

/**
 * S3 with the stage's evidence bucket under its local name (the stack's EvidenceBucketName output,
 * which the functions' EVIDENCE_BUCKET resolves to as well), its CORS rules from the template with
 * the stage's app URL read as the local one.
 */
async function startS3StandIn(
  running: RunningParts,
  port: number,
  { account, appUrl, tls, dataDir }: { account: Account; appUrl: string; tls: { key: string; cert: string }; dataDir?: string },
) {
  const evidenceBucket = account.iam.stage.outputs.EvidenceBucketName;
  const bucket = evidenceBucket && account.iam.stage.buckets[evidenceBucket];
  if (!evidenceBucket || !bucket) throw new Error('The stage has no evidence bucket (output EvidenceBucketName)');
  const stageAppUrl = Object.values(account.iam.stage.functions)
    .map((fn) => fn.environment[envNames.appUrl])
    .find((value) => value !== undefined);
  const s3 = await startLocalS3({
    port,
    iam: account.iam,
    bucket: evidenceBucket,
    cors: bucket.cors,
    appOrigin: { stage: stageAppUrl ?? appUrl, local: appUrl },
    dataDir: dataDir && join(dataDir, 's3'),
    tls,
  });
  running.onStop(s3.stop);
  return { endpoint: s3.endpoint, evidenceBucket };
}

/** Secrets Manager, holding the stage's secrets under the ARNs of the stack's outputs. */
async function startSecretsManager(running: RunningParts, port: number, { iam, secrets, secretArns }: Account) {
  const secretsManager = await startLocalSecretsManager({
    port,
    iam,
    secrets: [
      { arn: secretArns.app, value: secrets.appSecret },
      { arn: secretArns.captcha, value: secrets.captchaSecret },
      { arn: secretArns.flutterwaveSecretKey, value: secrets.flutterwaveSecretKey },
      { arn: secretArns.flutterwaveWebhookHash, value: secrets.flutterwaveWebhookHash },
    ],
  });
  running.onStop(secretsManager.stop);
  return secretsManager;
}

/** A server listening on its port before its handler exists: it answers 503 until `ready`. */
async function listenBeforeReady(running: RunningParts, port: number): Promise<StartingServer & { url: string }> {
  const starting = createStartingServer();
  const bound = await listen(starting.server, port);
  running.server(starting.server);
  return { ...starting, url: `http://127.0.0.1:${bound}` };
}

/** The local stage's settings for its functions, as CDK sets them in AWS. */
function functionSettings(appUrl: string, timeScale: number): FunctionSettings {
  return {
    stage: localStage.stage,
    tableName: localStage.tableName,
    mailFrom: localStage.mailFrom,
    appUrl,
    userPool: { id: localStage.userPoolId, clientId: localStage.userPoolClientId },
    captchaVerifyUrl: `${appUrl}/recaptcha/api/siteverify`,
    stateMachineArn,
    timeScale,
  };
}

/**
 * The payment provider: the same v3 endpoints the adapter calls, and the pages a person pays on.
 * Its webhooks go to the API's webhook route once the API listens.
 */
async function startPaymentSandbox(
  running: RunningParts,
  port: number,
  secrets: LocalSecrets,
  environment: CloudEnvironment,
  options: LocalCloudOptions,
): Promise<FlutterwaveSandbox> {
  const flutterwave = await startFlutterwaveSandbox({
    port,
    dataDir: options.dataDir && join(options.dataDir, 'flutterwave'),
    secretKey: secrets.flutterwaveSecretKey,
    publicKey: secrets.flutterwavePublicKey,
    webhookHash: secrets.flutterwaveWebhookHash,
    webhookUrl: () => environment.apiUrl && `${environment.apiUrl}/flutterwave-webhook`,
    transferDecideMs: options.flutterwave?.transferDecideMs,
    refundDecideMs: options.flutterwave?.refundDecideMs,
    nonRefundablePaymentTypes: options.flutterwave?.nonRefundablePaymentTypes,
  });
  running.onStop(flutterwave.stop);
  environment.learn({ flutterwaveBaseUrl: flutterwave.url });
  return flutterwave;
}

/** The float the sandbox's wallet starts with is the platform's own money: recorded once, as ops record a top-up. */
async function recordSandboxFloat(flutterwave: FlutterwaveSandbox): Promise<void> {
  const { recordTopUp } = await import('../../lambdas/core/services/float');
  for (const [currency, minor] of Object.entries(flutterwave.openingBalancesMinor()))
    if (minor > 0 && isCurrency(currency))
      await recordTopUp({ currency, amountMinor: minor, reference: `sandbox-float-${currency}`, recordedBy: 'local cloud' });
}

/**
 * Step Functions: the escrow state machine runs the same ASL with the same task handlers as in AWS;
 * open executions resume (re-run, fast-forwarding) once the handlers can reach it.
 */
async function startWorkflow(
  running: RunningParts,
  port: number,
  iam: LocalIam,
  functions: LocalFunctions,
  environment: CloudEnvironment,
  options: LocalCloudOptions,
): Promise<LocalStepFunctions> {
  const workflow = await startLocalStepFunctions({
    port,
    dataDir: options.dataDir && join(options.dataDir, 'stepfunctions'),
    region: localStage.region,
    accountId: localStage.accountId,
    stateMachines: [
      {
        name: localStage.stateMachineName,
        definition: options.workflowDefinition ?? JSON.parse(readFileSync(escrowDefinitionPath, 'utf8')),
        tasks: await loadTasks(functions, options.observeInvocation),
      },
    ],
    timeoutOverrides: options.workflowTimeouts,
    timeScale: options.timeScale,
    retryIntervalOverrides: options.workflowRetryIntervals,
    beforeResume: (endpoint) => environment.learn({ sfnEndpoint: endpoint }),
    iam,
  });
  running.onStop(workflow.stop);
  if (workflow.stateMachineArn(localStage.stateMachineName) !== stateMachineArn) throw new Error('state machine ARN mismatch');
  return workflow;
}

/** The Cognito user pool on its (already listening) server: its signing key, its triggers, its emails through SES. */
async function startUserPool(
  running: RunningParts,
  http: StartingServer & { url: string },
  {
    account,
    sesEndpoint,
    appUrl,
    functions,
    options,
  }: {
    account: Account;
    sesEndpoint: string;
    appUrl: string;
    functions: LocalFunctions;
    options: LocalCloudOptions;
  },
): Promise<{ cognito: CognitoService; tokens: TokenIssuer }> {
  const tokens = await TokenIssuer.create(
    `${http.url}/${localStage.userPoolId}`,
    options.dataDir && join(options.dataDir, 'cognito', 'signing-key.json'),
  );
  const mailer = new SESv2Client({ endpoint: sesEndpoint, region: localStage.region, credentials: account.credentials });
  running.onStop(async () => mailer.destroy());
  const cognito = new CognitoService({
    region: localStage.region,
    userPoolId: localStage.userPoolId,
    clients: [{ clientId: localStage.userPoolClientId, explicitAuthFlows: userPoolSettings.clientAuthFlows }],
    users: new UserStore(options.dataDir && join(options.dataDir, 'cognito', 'users.json')),
    tokens,
    triggers: await loadTriggers(functions, options.observeInvocation),
    decoyKey: account.secrets.cognitoDecoyKey,
    sendEmail: async ({ to, subject, body }) => {
      await mailer.send(
        new SendEmailCommand({
          FromEmailAddress: localStage.mailFrom,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Html: { Data: body }, Text: { Data: htmlToText(body) } } } },
        }),
      );
    },
  });
  http.ready(
    cognitoRequestListener(cognito, tokens, {
      userPoolId: localStage.userPoolId,
      region: localStage.region,
      iam: account.iam,
      appOrigin: appUrl,
    }),
  );
  return { cognito, tokens };
}

/** The HTTP API: every route of lambdas/routes.ts behind the user pool's JWT authorizer, each run as its function. */
async function startApi(
  running: RunningParts,
  port: number,
  {
    tokens,
    functions,
    appUrl,
    options,
  }: { tokens: TokenIssuer; functions: LocalFunctions; appUrl: string; options: LocalCloudOptions },
): Promise<{ url: string; faults: ApiFaults }> {
  const faults = noApiFaults();
  const api = await createApiServer({
    issuer: tokens.issuer,
    jwksUri: `${tokens.issuer}/.well-known/jwks.json`,
    audience: localStage.userPoolClientId,
    allowOrigins: [appUrl],
    observe: options.observeApi,
    invoke: (route, run) => functions.run(`route:${route.name}`, run),
    functionOf: (route) => functions.function(`route:${route.name}`),
    faults,
    throttles: options.routeThrottles,
  });
  const bound = await listen(api, port);
  running.server(api);
  return { url: `http://127.0.0.1:${bound}`, faults };
}

/**
 * AppSync Events: the realtime channels a person with a live session subscribes to, through the
 * stage's Lambda authorizer run as Lambda runs it (its role, its environment), as routes are.
 */
async function startRealtime(
  running: RunningParts,
  port: number,
  iam: LocalIam,
  functions: LocalFunctions,
  options: LocalCloudOptions,
  tls: { key: string; cert: string },
): Promise<LocalEvents> {
  const events = await startLocalEvents({
    port,
    region: localStage.region,
    iam,
    apiId: localStage.eventsApiId,
    authorize: await loadRealtimeAuthorizer(functions, options.observeInvocation),
    namespaces: [notificationsNamespace],
    tls,
  });
  running.onStop(events.stop);
  return events;
}

/** The web app on its (already listening) server: the built SPA, its config.json naming the local endpoints, and the captcha stand-in. */
function serveWebApp(
  web: StartingServer,
  urls: Parameters<typeof localWebConfig>[1],
  secrets: LocalSecrets,
  webDist: string | undefined,
): { config: WebConfig; captcha: LocalCaptcha } {
  const config = localWebConfig(localStage, urls, secrets.flutterwavePublicKey);
  const captcha = new LocalCaptcha(localStage.captchaSiteKey, secrets.captchaSecret);
  web.ready(
    webRequestListener(
      resolve(webDist ?? join(rootDir, 'web', 'dist')),
      () => config,
      (req, res, path) => captcha.handle(req, res, path),
    ),
  );
  return { config, captcha };
}

/** The schedules of lambdas/schedules.ts, run as EventBridge runs them. */
async function startSchedules(running: RunningParts, functions: LocalFunctions, options: LocalCloudOptions) {
  const runner = startScheduleRunner(
    await loadSchedules(functions, {
      observe: options.observeInvocation,
      timeScale: options.timeScale,
      everyMs: options.schedules?.everyMs,
    }),
  );
  running.onStop(runner.stop);
  return runner;
}

/** The payment sandbox as the tests and `npm start` see it: where a person pays, its test keys, its records and fault switches. */
function sandboxHandle(flutterwave: FlutterwaveSandbox, secrets: LocalSecrets): LocalCloud['flutterwave'] {
  return {
    url: flutterwave.origin,
    bankUrl: flutterwave.bankUrl,
    publicKey: secrets.flutterwavePublicKey,
    secretKey: secrets.flutterwaveSecretKey,
    webhookHash: secrets.flutterwaveWebhookHash,
    faults: flutterwave.faults,
    transfers: () => flutterwave.transfers(),
    transactions: () => flutterwave.transactions(),
    refunds: () => flutterwave.refunds(),
    balanceMinor: (currency) => flutterwave.balanceMinor(currency),
    setBalanceMinor: (currency, minor) => flutterwave.setBalanceMinor(currency, minor),
    setNairaRate: (currency, nairaPerUnit) => flutterwave.setNairaRate(currency, nairaPerUnit),
    setNonRefundablePaymentTypes: (types) => flutterwave.setNonRefundablePaymentTypes(types),
  };
}

/** LocalCloud.throttleFunction: a workflow task's or a route's function made to fail as Lambda does when throttled. */
function throttleSwitch(workflow: LocalStepFunctions, apiFaults: ApiFaults): LocalCloud['throttleFunction'] {
  return (name, on) => {
    const [, kind, which = ''] = /^(task|route):(.+)$/.exec(name) ?? [];
    if (kind === 'task') workflow.throttle(which, on);
    else if (kind === 'route' && routes.some((r) => r.name === which)) apiFaults.throttledFunctions[on ? 'add' : 'delete'](which);
    else
      throw new Error(`Only task and route functions can be throttled locally ('task:<State>', 'route:<name>'), not '${name}'`);
  };
}

/** The stage's SES configuration set (lib/mail.ts), as CDK gives it to every function that sends email. */
function mailConfigurationSet(iam: LocalIam): string {
  const name = Object.values(iam.stage.functions)
    .map((fn) => fn.environment[envNames.mailConfigurationSet])
    .find((value) => value !== undefined);
  if (!name) throw new Error('No function of the stage sends email through a configuration set');
  return name;
}

/** The ARN of each of the stage's secrets, from the stack's outputs (as ops read them). */
function secretArnsOf(iam: LocalIam): Record<SecretName, string> {
  const output = (name: string) => {
    const value = iam.stage.outputs[name];
    if (!value) throw new Error(`The stage has no output ${name}`);
    return value;
  };
  return {
    app: output('AppSecretArn'),
    captcha: output('CaptchaSecretArn'),
    flutterwaveSecretKey: output('FlutterwaveSecretKeyArn'),
    flutterwaveWebhookHash: output('FlutterwaveWebhookHashArn'),
  };
}
