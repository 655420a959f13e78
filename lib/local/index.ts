import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { envNames, functionEnvironment } from '../../lambdas/core/adapters/env';
import type { SecretName } from '../../lambdas/core/adapters/secrets';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { isCurrency } from '../../lambdas/core/domain/money';
import { notificationsNamespace, realtimeAuthorizer } from '../../lambdas/realtime';
import { routes } from '../../lambdas/routes';
import { type ScheduleDefinition, scheduleEntry, schedules } from '../../lambdas/schedules';
import { escrowDefinitionPath, taskEntry, tasks } from '../../lambdas/tasks';
import { triggerEntries, triggerEntry, type UserPoolTriggerName } from '../../lambdas/triggers';
import { userPoolSettings } from '../user-pool-settings';
import { type ApiOptions, createApiServer } from './api';
import { noApiFaults } from './api-gate';
import { type AuthorizerRequest, startLocalEvents } from './appsync-events';
import { LocalCaptcha } from './captcha';
import { cognitoRequestListener } from './cognito/server';
import { CognitoService } from './cognito/service';
import { TokenIssuer } from './cognito/tokens';
import type { TriggerHandlers } from './cognito/triggers';
import { UserStore } from './cognito/user-store';
import { type LocalCredentials, startDynamo } from './dynamodb';
import {
  type SandboxFaults,
  type SandboxPaymentType,
  type SandboxRefund,
  type SandboxTransaction,
  type SandboxTransfer,
  startFlutterwaveSandbox,
} from './flutterwave/index';
import { close, createStartingServer, listen } from './http-util';
import { type AccessDenial, type Credentials, LocalIam, takeAccessDenials } from './iam/authority';
import { startDynamoGuard } from './iam/dynamodb-guard';
import { LocalFunctions } from './iam/functions';
import { localNames } from './iam/names';
import { startSesGuard } from './iam/ses-guard';
import { loadStageIam } from './iam/stage-cache';
import { lambdaContext } from './lambda-context';
import { type LocalSchedule, startScheduleRunner } from './schedules';
import { startLocalSecretsManager } from './secrets-manager';
import { createStepTemplates, htmlToText, startSes } from './ses';
import { localStage } from './stage';
import { type LocalTaskHandler, startLocalStepFunctions } from './stepfunctions/index';
import { webRequestListener } from './web';
import { localWebConfig } from './web-config';

export { localStage };

export interface LocalCloudOptions {
  /** Where everything persists; omitted = in memory (tests). */
  dataDir?: string;
  /** The app's port; the API, Cognito, mailbox and DynamoDB take the next four. 0 = all random. */
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
  /** The payment sandbox's settings (tests shorten how long a payout or a refund takes to settle). */
  flutterwave?: {
    transferSettleMs?: number;
    refundSettleMs?: number;
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
    /** From now on, payments of these types are refused a refund ("not supported"): they go back by bank transfer. */
    setNonRefundablePaymentTypes: (types: SandboxPaymentType[]) => void;
  };
  /** The AppSync Events stand-in: its HTTP endpoint (publish, and the web's config), its realtime one and its certificate. */
  events: { httpEndpoint: string; realtimeEndpoint: string; certificate: string };
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

/** One run of a function other than a route (routes: `observeApi`), as Lambda would bill it. */
export interface FunctionInvocation {
  kind: 'task' | 'trigger' | 'schedule' | 'authorizer';
  /** The task's ASL state, the trigger's name, the schedule's name, or the authorizer's purpose. */
  name: string;
  /** The event as the function was given it (a trigger fills in its `response`, so this is a copy). */
  event: unknown;
  durationMs: number;
}

const rootDir = resolve(import.meta.dirname, '../..');

/**
 * The whole product on one machine, loopback only (but for DynamoDB Local, which cannot bind to
 * one interface: see startDynamo): DynamoDB Local, SES, the Cognito user pool endpoint, the HTTP
 * API with every route of the route table, and the web app.
 */
export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const base = options.port ?? 0;
  const port = (offset: number) => (base ? base + offset : 0);
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };

  try {
    // The data folder holds secrets and password verifiers: a new one is the owner's alone.
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    const secrets = localSecrets(options.dataDir && join(options.dataDir, 'secrets.json'));
    // IAM from the same source as AWS: the roles and groups CDK synthesizes for the stage.
    const iam = new LocalIam(secrets.awsSecretAccessKey, loadStageIam(), localNames);
    const credentials: LocalCredentials = iam.principal('admin').credentials;
    const servers: Server[] = [];
    stoppers.push(async () => {
      for (const s of servers) await close(s);
    });
    // The SES emulator and DynamoDB Local take any signature: each sits behind a proxy that checks IAM.
    const sesEmulator = await startSes(0);
    stoppers.push(sesEmulator.stop);
    const ses = await startSesGuard({
      port: port(3),
      target: sesEmulator.endpoint,
      iam,
      configurationSet: mailConfigurationSet(iam),
    });
    servers.push(ses.server);
    await createStepTemplates(ses.endpoint, localStage.stage, localStage.region, credentials);
    const dynamoLocal = await startDynamo({
      dataDir: options.dataDir && join(options.dataDir, 'dynamodb'),
      port: 0,
      tableName: localStage.tableName,
      credentials,
    });
    stoppers.push(dynamoLocal.stop);
    const dynamo = await startDynamoGuard({ port: port(4), target: dynamoLocal.endpoint, iam });
    servers.push(dynamo.server);
    const secretArns = secretArnsOf(iam);
    const secretsManager = await startLocalSecretsManager({
      port: port(8),
      iam,
      secrets: [
        { arn: secretArns.app, value: secrets.appSecret },
        { arn: secretArns.captcha, value: secrets.captchaSecret },
        { arn: secretArns.flutterwaveSecretKey, value: secrets.flutterwaveSecretKey },
        { arn: secretArns.flutterwaveWebhookHash, value: secrets.flutterwaveWebhookHash },
      ],
    });
    stoppers.push(secretsManager.stop);
    // Cognito's issuer contains its own URL, so bind its port before building the pool (until
    // then it answers 503, as the app's server does).
    const cognitoHttp = createStartingServer();
    const cognitoPort = await listen(cognitoHttp.server, port(2));
    const cognitoEndpoint = `http://127.0.0.1:${cognitoPort}`;
    servers.push(cognitoHttp.server);

    const stateMachineArn = `arn:aws:states:${localStage.region}:${localStage.accountId}:stateMachine:${localStage.stateMachineName}`;
    // The app's URL goes into emails and the captcha check, so bind its port before the handlers run
    // (it answers 503 until its own handler is attached, last).
    const web = createStartingServer();
    const boundAppPort = await listen(web.server, port(0));
    servers.push(web.server);
    const appUrl = `http://127.0.0.1:${boundAppPort}`;
    // The local cloud's value of every variable CDK sets for a function (each function gets only
    // the ones CDK gives it: LocalFunctions), and the local stand-ins' endpoints, which every
    // function gets here and none has in AWS. Read at each invocation: the realtime endpoint comes last.
    const settings = {
      stage: localStage.stage,
      tableName: localStage.tableName,
      mailFrom: localStage.mailFrom,
      appUrl,
      userPool: { id: localStage.userPoolId, clientId: localStage.userPoolClientId },
      captchaVerifyUrl: `${appUrl}/recaptcha/api/siteverify`,
      stateMachineArn,
      timeScale: options.timeScale ?? 1,
    };
    const late: {
      eventsHttpEndpoint?: string;
      eventsCaCert?: string;
      flutterwaveBaseUrl?: string;
      sfnEndpoint?: string;
      apiUrl?: string;
    } = {};
    const localOnly = () => ({
      AWS_REGION: localStage.region,
      AWS_DEFAULT_REGION: localStage.region,
      [envNames.dynamodbEndpoint]: dynamo.endpoint,
      [envNames.sesEndpoint]: ses.endpoint,
      [envNames.cognitoEndpoint]: cognitoEndpoint,
      [envNames.secretsManagerEndpoint]: secretsManager.endpoint,
      [envNames.sfnEndpoint]: late.sfnEndpoint,
      [envNames.flutterwaveBaseUrl]: late.flutterwaveBaseUrl,
      [envNames.eventsCaCert]: late.eventsCaCert,
      [envNames.timeScale]: String(options.timeScale ?? 1),
    });
    const functions = new LocalFunctions(
      iam,
      () => functionEnvironment({ ...settings, eventsHttpEndpoint: late.eventsHttpEndpoint, apiUrl: late.apiUrl }),
      localOnly,
    );
    // The process itself (the cloud's own set-up, a test's direct reads and scripts it starts) is the
    // account's root, with every setting and the secrets' ARNs (never their values).
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...functionEnvironment(settings),
      ...localOnly(),
      [envNames.appSecretArn]: secretArns.app,
      [envNames.captchaSecretArn]: secretArns.captcha,
      [envNames.flutterwaveSecretKeyArn]: secretArns.flutterwaveSecretKey,
      [envNames.flutterwaveWebhookHashArn]: secretArns.flutterwaveWebhookHash,
      // No CloudWatch here to read the money metrics' EMF lines (adapters/metrics.ts): kept out of the terminal.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    });

    // The payment provider: the same v3 endpoints the adapter calls, and the pages a person pays on.
    // Its webhooks go to the API's webhook route once the API listens.
    let webhookUrl: string | undefined;
    const flutterwave = await startFlutterwaveSandbox({
      port: port(6),
      dataDir: options.dataDir && join(options.dataDir, 'flutterwave'),
      secretKey: secrets.flutterwaveSecretKey,
      publicKey: secrets.flutterwavePublicKey,
      webhookHash: secrets.flutterwaveWebhookHash,
      webhookUrl: () => webhookUrl,
      transferSettleMs: options.flutterwave?.transferSettleMs,
      refundSettleMs: options.flutterwave?.refundSettleMs,
      nonRefundablePaymentTypes: options.flutterwave?.nonRefundablePaymentTypes,
    });
    stoppers.push(flutterwave.stop);
    late.flutterwaveBaseUrl = flutterwave.url;
    process.env[envNames.flutterwaveBaseUrl] = flutterwave.url;
    // The float the sandbox's wallet starts with is the platform's own money: recorded once, as ops record a top-up.
    const { recordTopUp } = await import('../../lambdas/core/services/float');
    for (const [currency, minor] of Object.entries(flutterwave.openingBalancesMinor()))
      if (minor > 0 && isCurrency(currency))
        await recordTopUp({ currency, amountMinor: minor, reference: `sandbox-float-${currency}`, recordedBy: 'local cloud' });

    // The escrow state machine runs the same ASL with the same task handlers as in AWS; open
    // executions resume (re-run, fast-forwarding) once the handlers can reach it.
    const workflow = await startLocalStepFunctions({
      port: port(5),
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
      beforeResume: (endpoint) => {
        late.sfnEndpoint = endpoint;
        process.env[envNames.sfnEndpoint] = endpoint;
      },
      iam,
    });
    stoppers.push(workflow.stop);
    if (workflow.stateMachineArn(localStage.stateMachineName) !== stateMachineArn) throw new Error('state machine ARN mismatch');

    const tokens = await TokenIssuer.create(
      `${cognitoEndpoint}/${localStage.userPoolId}`,
      options.dataDir && join(options.dataDir, 'cognito', 'signing-key.json'),
    );
    const mailer = new SESv2Client({ endpoint: ses.endpoint, region: localStage.region, credentials });
    stoppers.push(async () => mailer.destroy());
    const cognito = new CognitoService({
      region: localStage.region,
      userPoolId: localStage.userPoolId,
      clients: [{ clientId: localStage.userPoolClientId, explicitAuthFlows: userPoolSettings.clientAuthFlows }],
      users: new UserStore(options.dataDir && join(options.dataDir, 'cognito', 'users.json')),
      tokens,
      triggers: await loadTriggers(functions, options.observeInvocation),
      decoyKey: secrets.cognitoDecoyKey,
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
    cognitoHttp.ready(
      cognitoRequestListener(cognito, tokens, {
        userPoolId: localStage.userPoolId,
        region: localStage.region,
        iam,
        appOrigin: appUrl,
      }),
    );

    const apiFaults = noApiFaults();
    const api = await createApiServer({
      issuer: tokens.issuer,
      jwksUri: `${tokens.issuer}/.well-known/jwks.json`,
      audience: localStage.userPoolClientId,
      allowOrigins: [appUrl],
      observe: options.observeApi,
      invoke: (route, run) => functions.run(`route:${route.name}`, run),
      functionOf: (route) => functions.function(`route:${route.name}`),
      faults: apiFaults,
      throttles: options.routeThrottles,
    });
    const apiPort = await listen(api, port(1));
    servers.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // Known once it listens: the routes' functions link to it (one-click unsubscription in emails).
    late.apiUrl = apiUrl;
    process.env[envNames.apiUrl] = apiUrl;
    webhookUrl = `${apiUrl}/flutterwave-webhook`;

    // AppSync Events: the realtime channels a person with a live session subscribes to, through the
    // stage's Lambda authorizer run as Lambda runs it (its role, its environment), as routes are.
    const events = await startLocalEvents({
      port: port(7),
      region: localStage.region,
      iam,
      apiId: localStage.eventsApiId,
      authorize: await loadRealtimeAuthorizer(functions, options.observeInvocation),
      namespaces: [notificationsNamespace],
      certificateFile: options.dataDir && join(options.dataDir, 'events-tls.json'),
    });
    stoppers.push(events.stop);
    // The functions publish to it (in AWS CDK gives them the Event API's endpoint, and no certificate).
    late.eventsHttpEndpoint = events.httpEndpoint;
    late.eventsCaCert = events.certificate;
    Object.assign(process.env, {
      [envNames.eventsHttpEndpoint]: events.httpEndpoint,
      [envNames.eventsCaCert]: events.certificate,
    });

    const config = localWebConfig(
      localStage,
      {
        appUrl,
        apiUrl,
        cognitoEndpoint,
        mailboxUrl: ses.endpoint,
        checkoutScriptUrl: flutterwave.checkoutScriptUrl,
        eventsEndpoint: events.httpEndpoint,
      },
      secrets.flutterwavePublicKey,
    );
    const captcha = new LocalCaptcha(localStage.captchaSiteKey, secrets.captchaSecret);
    web.ready(
      webRequestListener(
        resolve(options.webDist ?? join(rootDir, 'web', 'dist')),
        () => config,
        (req, res, path) => captcha.handle(req, res, path),
      ),
    );

    // Last, once everything its handlers reach listens; its stop runs first and waits for a run in flight.
    const scheduleRunner = startScheduleRunner(await loadSchedules(functions, options));
    stoppers.push(scheduleRunner.stop);

    return {
      appUrl,
      apiUrl,
      cognitoEndpoint,
      mailboxUrl: ses.endpoint,
      dynamodbEndpoint: dynamo.endpoint,
      stepFunctionsEndpoint: workflow.endpoint,
      stateMachineArn,
      executionsUrl: workflow.executionsUrl,
      flutterwave: {
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
        setNonRefundablePaymentTypes: (types) => flutterwave.setNonRefundablePaymentTypes(types),
      },
      events: { httpEndpoint: events.httpEndpoint, realtimeEndpoint: events.realtimeEndpoint, certificate: events.certificate },
      config,
      credentials,
      iam: {
        credentialsOf: (principal) => iam.principal(principal).credentials,
        takeDenials: takeAccessDenials,
        runAs: (purpose, invoke) => functions.run(purpose, invoke),
      },
      secretsManagerEndpoint: secretsManager.endpoint,
      cognito,
      tokens,
      captcha,
      throttleFunction: (name, on) => {
        const [, kind, which = ''] = /^(task|route):(.+)$/.exec(name) ?? [];
        if (kind === 'task') workflow.throttle(which, on);
        else if (kind === 'route' && routes.some((r) => r.name === which))
          apiFaults.throttledFunctions[on ? 'add' : 'delete'](which);
        else
          throw new Error(
            `Only task and route functions can be throttled locally ('task:<State>', 'route:<name>'), not '${name}'`,
          );
      },
      runSchedule: (name) => scheduleRunner.runNow(name),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The local stage's secrets: made up on the first start and kept with the local data (in AWS
 * they live in Secrets Manager; the public key is not secret, it goes to the browser). In memory
 * only when there is no data directory (tests). A secret added later is made up on the next start.
 */
function localSecrets(file?: string): LocalSecrets {
  // Also a file written before the mode was set, or by hand: private before anything is added.
  if (file && existsSync(file)) chmodSync(file, 0o600);
  const kept: Partial<LocalSecrets> = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: LocalSecrets = {
    appSecret: kept.appSecret ?? randomBytes(32).toString('base64url'),
    captchaSecret: kept.captchaSecret ?? randomBytes(24).toString('base64url'),
    // The provider's key formats, so a key pasted into the wrong place is recognisable.
    flutterwaveSecretKey: kept.flutterwaveSecretKey ?? `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`,
    flutterwavePublicKey: kept.flutterwavePublicKey ?? `FLWPUBK_TEST-${randomBytes(16).toString('hex')}-X`,
    flutterwaveWebhookHash: kept.flutterwaveWebhookHash ?? randomBytes(24).toString('base64url'),
    // Shaped like an AWS secret access key (40 characters), so the SDK and its signer take it as one.
    awsSecretAccessKey: kept.awsSecretAccessKey ?? randomBytes(30).toString('base64'),
    cognitoDecoyKey: kept.cognitoDecoyKey ?? randomBytes(32).toString('base64url'),
  };
  if (file && Object.keys(kept).length !== Object.keys(secrets).length) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

interface LocalSecrets {
  appSecret: string;
  captchaSecret: string;
  flutterwaveSecretKey: string;
  flutterwavePublicKey: string;
  flutterwaveWebhookHash: string;
  /** The secret half of the cloud's AWS credentials (LocalCloud.credentials). */
  awsSecretAccessKey: string;
  /** The user pool's key for its answers about names without an account (CognitoServiceOptions.decoyKey). */
  cognitoDecoyKey: string;
}

/** The task handlers of lambdas/tasks.ts by ASL state name, each invoked as Lambda would (with a context). */
async function loadTasks(
  functions: LocalFunctions,
  observe?: LocalCloudOptions['observeInvocation'],
): Promise<Record<string, LocalTaskHandler>> {
  const entries = await Promise.all(
    tasks.map(async (task) => {
      const module = (await import(taskEntry(task))) as { handler: (event: unknown, context: Context) => Promise<unknown> };
      const purpose = `task:${task.state}`;
      const { functionName, timeoutSeconds } = functions.function(purpose);
      const invoke: LocalTaskHandler = (payload) =>
        timed(observe, 'task', task.state, payload, () =>
          functions.run(purpose, () => module.handler(payload, lambdaContext(functionName, timeoutSeconds * 1000))),
        );
      return [task.state, invoke] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function loadTriggers(
  functions: LocalFunctions,
  observe?: LocalCloudOptions['observeInvocation'],
): Promise<TriggerHandlers> {
  const entries = await Promise.all(
    triggerEntries().map(async ([name, trigger]) => {
      const module = (await import(triggerEntry(trigger))) as { handler: NonNullable<TriggerHandlers[UserPoolTriggerName]> };
      const purpose = `trigger:${name}`;
      const { functionName, timeoutSeconds } = functions.function(purpose);
      const handler: typeof module.handler = (event) =>
        timed(observe, 'trigger', name, event, () =>
          functions.run(purpose, () => module.handler(event, lambdaContext(functionName, timeoutSeconds * 1000))),
        );
      return [name, handler] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The Event API's Lambda authorizer (lambdas/realtime.ts), invoked as AppSync invokes it: its event, a context with its timeout. */
async function loadRealtimeAuthorizer(
  functions: LocalFunctions,
  observe?: LocalCloudOptions['observeInvocation'],
): Promise<(request: AuthorizerRequest) => Promise<unknown>> {
  const module = (await import(realtimeAuthorizer.entry)) as {
    handler: (event: AuthorizerRequest, context: Context) => Promise<unknown>;
  };
  const { purpose } = realtimeAuthorizer;
  const { functionName, timeoutSeconds } = functions.function(purpose);
  return (request) =>
    timed(observe, 'authorizer', purpose, request, () =>
      functions.run(purpose, () => module.handler(request, lambdaContext(functionName, timeoutSeconds * 1000))),
    );
}

/**
 * The schedules of lambdas/schedules.ts, each invoked as EventBridge invokes its Lambda (a scheduled
 * event, a context with the function's 60 s), every `rateMinutes` scaled by the time scale.
 */
async function loadSchedules(functions: LocalFunctions, options: LocalCloudOptions): Promise<LocalSchedule[]> {
  return Promise.all(
    schedules.map(async (schedule) => {
      const module = (await import(scheduleEntry(schedule))) as {
        handler: (event: ScheduledEvent, context: Context) => Promise<unknown>;
      };
      const purpose = `schedule:${schedule.name}`;
      const { functionName, timeoutSeconds } = functions.function(purpose);
      const run = () => {
        const event = scheduledEvent(schedule);
        return timed(options.observeInvocation, 'schedule', schedule.name, event, () =>
          functions.run(purpose, () => module.handler(event, lambdaContext(functionName, timeoutSeconds * 1000))),
        );
      };
      const everyMs = options.schedules?.everyMs ?? Math.max(1000, schedule.rateMinutes * 60_000 * (options.timeScale ?? 1));
      return { name: schedule.name, everyMs, run };
    }),
  );
}

/** The event an EventBridge schedule rule gives its target. */
function scheduledEvent(schedule: ScheduleDefinition): ScheduledEvent {
  const { region, accountId } = localStage;
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: accountId,
    time: new Date().toISOString(),
    region,
    resources: [`arn:aws:events:${region}:${accountId}:rule/escrow-${localStage.stage}-${schedule.name}`],
    detail: {},
  };
}

/** Runs one invocation and tells `observe` how long it ran, whether it answered or threw. */
async function timed<T>(
  observe: LocalCloudOptions['observeInvocation'],
  kind: FunctionInvocation['kind'],
  name: string,
  event: unknown,
  run: () => Promise<T>,
): Promise<T> {
  if (!observe) return run();
  const given = structuredClone(event);
  const started = performance.now();
  try {
    return await run();
  } finally {
    observe({ kind, name, event: given, durationMs: performance.now() - started });
  }
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
