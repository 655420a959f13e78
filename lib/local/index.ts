import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { envNames, functionEnvironment } from '../../lambdas/core/adapters/env';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { type ScheduleDefinition, scheduleEntry, schedules } from '../../lambdas/schedules';
import { escrowDefinitionPath, taskEntry, tasks } from '../../lambdas/tasks';
import { triggerEntries, triggerEntry, type UserPoolTriggerName } from '../../lambdas/triggers';
import { userPoolSettings } from '../user-pool-settings';
import { type ApiOptions, createApiServer, poolTokenVerifier } from './api';
import { startLocalEvents } from './appsync-events';
import { LocalCaptcha } from './captcha';
import { cognitoRequestListener } from './cognito/server';
import { CognitoService } from './cognito/service';
import { TokenIssuer } from './cognito/tokens';
import type { TriggerHandlers } from './cognito/triggers';
import { UserStore } from './cognito/user-store';
import { type LocalCredentials, localAccessKeyId, startDynamo } from './dynamodb';
import {
  type SandboxFaults,
  type SandboxPaymentType,
  type SandboxRefund,
  type SandboxTransaction,
  type SandboxTransfer,
  startFlutterwaveSandbox,
} from './flutterwave/index';
import { close, createStartingServer, listen } from './http-util';
import { lambdaContext } from './lambda-context';
import { type LocalSchedule, startScheduleRunner } from './schedules';
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
    /** From now on, payments of these types are refused a refund ("not supported"): they go back by bank transfer. */
    setNonRefundablePaymentTypes: (types: SandboxPaymentType[]) => void;
  };
  /** The AppSync Events stand-in: its HTTP endpoint (publish, and the web's config), its realtime one and its certificate. */
  events: { httpEndpoint: string; realtimeEndpoint: string; certificate: string };
  config: WebConfig;
  /**
   * This cloud's AWS credentials, made up once per data directory (per start in memory): what
   * its functions sign with, and what Cognito's admin operations require, as IAM does in AWS.
   */
  credentials: LocalCredentials;
  cognito: CognitoService;
  tokens: TokenIssuer;
  captcha: LocalCaptcha;
  /**
   * A fault switch on a function, by `<kind>:<name>` as the stage names it (`task:Transfer`): while
   * on, invoking it fails as Lambda does when throttled (the workflow sees
   * Lambda.TooManyRequestsException). Task functions only.
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
  kind: 'task' | 'trigger' | 'schedule';
  /** The task's ASL state, the trigger's name, or the schedule's name. */
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
    const credentials: LocalCredentials = { accessKeyId: localAccessKeyId, secretAccessKey: secrets.awsSecretAccessKey };
    const ses = await startSes(port(3));
    stoppers.push(ses.stop);
    await createStepTemplates(ses.endpoint, localStage.stage, localStage.region, credentials);
    const dynamo = await startDynamo({
      dataDir: options.dataDir && join(options.dataDir, 'dynamodb'),
      port: port(4),
      tableName: localStage.tableName,
      credentials,
    });
    stoppers.push(dynamo.stop);

    const servers: Server[] = [];
    stoppers.push(async () => {
      for (const s of servers) await close(s);
    });
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
    // What CDK gives each Lambda in AWS (the same function), plus the endpoints of the local stand-ins.
    Object.assign(process.env, {
      AWS_REGION: localStage.region,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...functionEnvironment({
        stage: localStage.stage,
        tableName: localStage.tableName,
        mailFrom: localStage.mailFrom,
        appUrl,
        userPool: { id: localStage.userPoolId, clientId: localStage.userPoolClientId },
        captchaVerifyUrl: `${appUrl}/recaptcha/api/siteverify`,
        stateMachineArn,
        endpoints: { dynamodbEndpoint: dynamo.endpoint, sesEndpoint: ses.endpoint, cognitoEndpoint },
        timeScale: options.timeScale ?? 1,
      }),
      // No CloudWatch here to read the money metrics' EMF lines (adapters/metrics.ts): kept out of the terminal.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      // Locally a secret's value itself, where AWS gives its ARN (adapters/secrets.ts).
      [envNames.appSecret]: secrets.appSecret,
      [envNames.captchaSecret]: secrets.captchaSecret,
      [envNames.flutterwaveSecretKey]: secrets.flutterwaveSecretKey,
      [envNames.flutterwaveWebhookHash]: secrets.flutterwaveWebhookHash,
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
    process.env[envNames.flutterwaveBaseUrl] = flutterwave.url;

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
          tasks: await loadTasks(options.observeInvocation),
        },
      ],
      timeoutOverrides: options.workflowTimeouts,
      timeScale: options.timeScale,
      retryIntervalOverrides: options.workflowRetryIntervals,
      beforeResume: (endpoint) => {
        process.env[envNames.sfnEndpoint] = endpoint;
      },
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
      triggers: await loadTriggers(options.observeInvocation),
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
        credentials,
        appOrigin: appUrl,
      }),
    );

    const api = await createApiServer({
      issuer: tokens.issuer,
      jwksUri: `${tokens.issuer}/.well-known/jwks.json`,
      audience: localStage.userPoolClientId,
      allowOrigins: [appUrl],
      observe: options.observeApi,
    });
    const apiPort = await listen(api, port(1));
    servers.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    webhookUrl = `${apiUrl}/flutterwave-webhook`;

    // AppSync Events: the realtime channels a signed-in person subscribes to with their access token.
    const events = await startLocalEvents({
      port: port(7),
      region: localStage.region,
      credentials,
      verifyAccessToken: poolTokenVerifier(
        { issuer: tokens.issuer, jwksUri: `${tokens.issuer}/.well-known/jwks.json` },
        (payload) => payload.token_use === 'access' && payload.client_id === localStage.userPoolClientId,
      ),
      namespaces: { notifications: { handlerFile: join(rootDir, 'lambdas', 'events', 'notifications.js') } },
      certificateFile: options.dataDir && join(options.dataDir, 'events-tls.json'),
    });
    stoppers.push(events.stop);
    // The functions publish to it (in AWS CDK gives them the Event API's endpoint, and no certificate).
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
    const scheduleRunner = startScheduleRunner(await loadSchedules(options));
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
        setNonRefundablePaymentTypes: (types) => flutterwave.setNonRefundablePaymentTypes(types),
      },
      events: { httpEndpoint: events.httpEndpoint, realtimeEndpoint: events.realtimeEndpoint, certificate: events.certificate },
      config,
      credentials,
      cognito,
      tokens,
      captcha,
      throttleFunction: (name, on) => {
        const task = /^task:(.+)$/.exec(name)?.[1];
        if (!task) throw new Error(`Only task functions can be throttled locally ('task:<State>'), not '${name}'`);
        workflow.throttle(task, on);
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
async function loadTasks(observe?: LocalCloudOptions['observeInvocation']): Promise<Record<string, LocalTaskHandler>> {
  const entries = await Promise.all(
    tasks.map(async (task) => {
      const module = (await import(taskEntry(task))) as { handler: (event: unknown, context: Context) => Promise<unknown> };
      const invoke: LocalTaskHandler = (payload) =>
        timed(observe, 'task', task.state, payload, () => module.handler(payload, lambdaContext(`local-${task.file}`, 30_000)));
      return [task.state, invoke] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function loadTriggers(observe?: LocalCloudOptions['observeInvocation']): Promise<TriggerHandlers> {
  const entries = await Promise.all(
    triggerEntries().map(async ([name, trigger]) => {
      const module = (await import(triggerEntry(trigger))) as { handler: NonNullable<TriggerHandlers[UserPoolTriggerName]> };
      const handler: typeof module.handler = (event, context) =>
        timed(observe, 'trigger', name, event, () => module.handler(event, context));
      return [name, handler] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The schedules of lambdas/schedules.ts, each invoked as EventBridge invokes its Lambda (a scheduled
 * event, a context with the function's 60 s), every `rateMinutes` scaled by the time scale.
 */
async function loadSchedules(options: LocalCloudOptions): Promise<LocalSchedule[]> {
  return Promise.all(
    schedules.map(async (schedule) => {
      const module = (await import(scheduleEntry(schedule))) as {
        handler: (event: ScheduledEvent, context: Context) => Promise<unknown>;
      };
      const run = () => {
        const event = scheduledEvent(schedule);
        return timed(options.observeInvocation, 'schedule', schedule.name, event, () =>
          module.handler(event, lambdaContext(`local-${schedule.file}`, 60_000)),
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
