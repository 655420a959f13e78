import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { envNames, functionEnvironment } from '../../lambdas/core/adapters/env';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { triggerEntries, triggerEntry, type UserPoolTriggerName } from '../../lambdas/triggers';
import { userPoolSettings } from '../user-pool-settings';
import { createApiServer } from './api';
import { LocalCaptcha } from './captcha';
import { cognitoRequestListener } from './cognito/server';
import { CognitoService } from './cognito/service';
import { TokenIssuer } from './cognito/tokens';
import type { TriggerHandlers } from './cognito/triggers';
import { UserStore } from './cognito/user-store';
import { localCredentials, startDynamo } from './dynamodb';
import { close, listen } from './http-util';
import { startSes } from './ses';
import { webRequestListener } from './web';

/** Fixed identifiers of the local stage: stable across restarts so stored tokens stay valid. */
export const localStage = {
  stage: 'local',
  region: 'eu-west-1',
  tableName: 'escrow-local',
  userPoolId: 'eu-west-1_LocalPool',
  userPoolClientId: 'localclient0000000000000000',
  mailFrom: 'no-reply@escrow.local',
  captchaSiteKey: 'local-captcha-site-key',
} as const;

export interface LocalCloudOptions {
  /** Where everything persists; omitted = in memory (tests). */
  dataDir?: string;
  /** The app's port; the API, Cognito, mailbox and DynamoDB take the next four. 0 = all random. */
  port?: number;
  /** The built SPA. @default web/dist */
  webDist?: string;
}

export interface LocalCloud {
  appUrl: string;
  apiUrl: string;
  cognitoEndpoint: string;
  mailboxUrl: string;
  dynamodbEndpoint: string;
  config: WebConfig;
  cognito: CognitoService;
  tokens: TokenIssuer;
  captcha: LocalCaptcha;
  stop(): Promise<void>;
}

export type { WebConfig };

const rootDir = resolve(import.meta.dirname, '../..');

/**
 * The whole product on one machine, loopback only: DynamoDB Local, SES, the Cognito user pool
 * endpoint, the HTTP API with every route of the route table, and the web app.
 */
export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const base = options.port ?? 0;
  const port = (offset: number) => (base ? base + offset : 0);
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };

  try {
    const ses = await startSes(port(3));
    stoppers.push(ses.stop);
    const dynamo = await startDynamo({
      dataDir: options.dataDir && join(options.dataDir, 'dynamodb'),
      port: port(4),
      tableName: localStage.tableName,
    });
    stoppers.push(dynamo.stop);

    const servers: Server[] = [];
    stoppers.push(async () => {
      for (const s of servers) await close(s);
    });
    // Cognito's issuer contains its own URL, so bind its port before building the pool.
    const cognitoHttp = createServer();
    const cognitoPort = await listen(cognitoHttp, port(2));
    const cognitoEndpoint = `http://127.0.0.1:${cognitoPort}`;
    servers.push(cognitoHttp);

    const secrets = localSecrets(options.dataDir && join(options.dataDir, 'secrets.json'));
    // The app's URL goes into emails and the captcha check, so bind its port before the handlers run.
    const web = createServer();
    const boundAppPort = await listen(web, port(0));
    servers.push(web);
    const appUrl = `http://127.0.0.1:${boundAppPort}`;
    // What CDK gives each Lambda in AWS (the same function), plus the endpoints of the local stand-ins.
    Object.assign(process.env, {
      AWS_REGION: localStage.region,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      ...functionEnvironment({
        stage: localStage.stage,
        tableName: localStage.tableName,
        mailFrom: localStage.mailFrom,
        appUrl,
        userPool: { id: localStage.userPoolId, clientId: localStage.userPoolClientId },
        captchaVerifyUrl: `${appUrl}/recaptcha/api/siteverify`,
        endpoints: { dynamodbEndpoint: dynamo.endpoint, sesEndpoint: ses.endpoint, cognitoEndpoint },
      }),
      // Locally a secret's value itself, where AWS gives its ARN (adapters/secrets.ts).
      [envNames.appSecret]: secrets.appSecret,
      [envNames.captchaSecret]: secrets.captchaSecret,
    });

    const tokens = await TokenIssuer.create(
      `${cognitoEndpoint}/${localStage.userPoolId}`,
      options.dataDir && join(options.dataDir, 'cognito', 'signing-key.json'),
    );
    const mailer = new SESv2Client({ endpoint: ses.endpoint, region: localStage.region, credentials: localCredentials });
    stoppers.push(async () => mailer.destroy());
    const cognito = new CognitoService({
      region: localStage.region,
      userPoolId: localStage.userPoolId,
      clients: [{ clientId: localStage.userPoolClientId, explicitAuthFlows: userPoolSettings.clientAuthFlows }],
      users: new UserStore(options.dataDir && join(options.dataDir, 'cognito', 'users.json')),
      tokens,
      triggers: await loadTriggers(),
      sendEmail: async ({ to, subject, body }) => {
        await mailer.send(
          new SendEmailCommand({
            FromEmailAddress: localStage.mailFrom,
            Destination: { ToAddresses: [to] },
            Content: { Simple: { Subject: { Data: subject }, Body: { Html: { Data: body }, Text: { Data: body } } } },
          }),
        );
      },
    });
    cognitoHttp.on('request', cognitoRequestListener(cognito, tokens, localStage.userPoolId));

    const api = await createApiServer({
      issuer: tokens.issuer,
      jwksUri: `${tokens.issuer}/.well-known/jwks.json`,
      audience: localStage.userPoolClientId,
    });
    const apiPort = await listen(api, port(1));
    servers.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;

    const config: WebConfig = {
      stage: localStage.stage,
      region: localStage.region,
      apiUrl,
      cognito: { userPoolId: localStage.userPoolId, userPoolClientId: localStage.userPoolClientId, endpoint: cognitoEndpoint },
      captchaSiteKey: localStage.captchaSiteKey,
      captchaScriptUrl: `${appUrl}/recaptcha/api.js`,
      mailboxUrl: ses.endpoint,
    };
    const captcha = new LocalCaptcha(localStage.captchaSiteKey, secrets.captchaSecret);
    web.on(
      'request',
      webRequestListener(
        resolve(options.webDist ?? join(rootDir, 'web', 'dist')),
        () => config,
        (req, res, path) => captcha.handle(req, res, path),
      ),
    );

    return {
      appUrl,
      apiUrl,
      cognitoEndpoint,
      mailboxUrl: ses.endpoint,
      dynamodbEndpoint: dynamo.endpoint,
      config,
      cognito,
      tokens,
      captcha,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The local stage's secrets: made up on the first start and kept with the local data (in AWS
 * they live in Secrets Manager). In memory only when there is no data directory (tests).
 */
function localSecrets(file?: string): { appSecret: string; captchaSecret: string } {
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { appSecret: randomBytes(32).toString('base64url'), captchaSecret: randomBytes(24).toString('base64url') };
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

async function loadTriggers(): Promise<TriggerHandlers> {
  const entries = await Promise.all(
    triggerEntries().map(async ([name, trigger]) => {
      const module = (await import(triggerEntry(trigger))) as { handler: TriggerHandlers[UserPoolTriggerName] };
      return [name, module.handler] as const;
    }),
  );
  return Object.fromEntries(entries);
}
