import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsClientConfig } from '../../lambdas/core/adapters/aws-client';
import { cognitoCall } from '../../lambdas/core/adapters/cognito';
import { putItem } from '../../lambdas/core/adapters/dynamodb';
import { sendEmail } from '../../lambdas/core/adapters/email';
import { envNames } from '../../lambdas/core/adapters/env';
import { personalChannel } from '../../lambdas/core/adapters/events';
import { httpSend } from '../../lambdas/core/adapters/http-transport';
import { getSecret } from '../../lambdas/core/adapters/secrets';
import { answerTask, startEscrowExecution } from '../../lambdas/core/adapters/workflow';
import { getContract } from '../../lambdas/core/entities/contract';
import { sessionStateOf } from '../../lambdas/core/entities/profile';
import { realtimeAuthorizer } from '../../lambdas/realtime';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { dynamodb } from '../../scripts/aws-clients';

/**
 * The local cloud refuses what AWS would: each function runs with its own role's credentials and
 * each local AWS endpoint checks the signature and asks the role's policies (the ones CDK
 * synthesizes for the stage) before answering, with AWS's own AccessDenied. For each service, the
 * same call made as a function whose role lacks the permission is refused, and made as one that
 * holds it goes through.
 */
let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud();
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

/** What `invoke` threw when run as the function `purpose` (undefined when it went through), and the refusals it caused. */
async function asFunction(purpose: string, invoke: () => Promise<unknown>) {
  const error = await cloud.iam.runAs(purpose, invoke).then(
    () => undefined,
    (e: unknown) => e as Error & { statusCode?: number },
  );
  return { error, denials: cloud.iam.takeDenials() };
}

/**
 * A publish to someone's channel, signed as publishEvents signs it (the SDK's signer) with the
 * caller's credentials; throws `HTTP<status>` unless taken.
 */
async function publish(): Promise<void> {
  const url = new URL(cloud.events.httpEndpoint);
  const body = JSON.stringify({ channel: personalChannel('someone', 0), events: ['{"type":"ping"}'] });
  const signer = new SignatureV4({ credentials: fromEnv(), region: localStage.region, service: 'appsync', sha256: Sha256 });
  const { headers: signed } = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: { 'content-type': 'application/json', host: url.host },
    body,
  });
  const { host: _host, ...headers } = signed;
  const answer = await httpSend(url, { method: 'POST', headers, body, ca: cloud.events.certificate });
  if (answer.status !== 200) throw Object.assign(new Error(answer.text), { name: `HTTP${answer.status}` });
}

const refusedAs = (purpose: string, action: string) =>
  expect.objectContaining({ principal: purpose, action, message: expect.stringMatching(/is not authorized to perform/) });

describe('IAM in the local cloud', () => {
  it('DynamoDB: a function without table access is refused a read (AccessDeniedException); a reader reads', async () => {
    const refused = await asFunction('route:health', () => getContract('no-such-contract'));
    expect(refused.error?.name).toBe('AccessDeniedException');
    expect(refused.error?.message).toMatch(
      /^User: arn:aws:sts::000000000000:assumed-role\/.+ is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:eu-west-1:000000000000:table\/escrow-local because no identity-based policy allows the dynamodb:GetItem action$/,
    );
    expect(refused.denials).toEqual([refusedAs('route:health', 'dynamodb:GetItem')]);

    const allowed = await asFunction('route:get-contract', () => getContract('no-such-contract'));
    expect(allowed).toEqual({ error: undefined, denials: [] });
  });

  it('DynamoDB: a reader is refused a write, and finance reads contracts but not profiles (dynamodb:LeadingKeys)', async () => {
    const write = await asFunction('route:get-contract', () =>
      putItem({ TableName: localStage.tableName, Item: { PK: 'CONTRACT#iam-test', SK: 'META' } }),
    );
    expect(write.error?.name).toBe('AccessDeniedException');
    expect(write.denials).toEqual([refusedAs('route:get-contract', 'dynamodb:PutItem')]);

    const asFinance = new DynamoDBClient({
      endpoint: cloud.dynamodbEndpoint,
      region: localStage.region,
      credentials: cloud.iam.credentialsOf('finance'),
    });
    const get = (client: DynamoDBClient, PK: string) =>
      client.send(new GetItemCommand({ TableName: localStage.tableName, Key: { PK: { S: PK }, SK: { S: 'META' } } })).then(
        () => 'read',
        (e: Error) => e.name,
      );
    try {
      expect(await get(asFinance, 'CONTRACT#iam-test')).toBe('read');
      expect(await get(asFinance, 'LEDGER#iam-test')).toBe('read');
      expect(await get(asFinance, 'USER#someone')).toBe('AccessDeniedException');
    } finally {
      asFinance.destroy();
    }
    expect(cloud.iam.takeDenials()).toEqual([refusedAs('finance', 'dynamodb:GetItem')]);
    expect(await get(dynamodb(), 'USER#someone')).toBe('read'); // the account's root reads anything
  });

  it('SES: a function without ses:SendEmail is refused (403 AccessDeniedException); one that sends email sends', async () => {
    const email = { to: 'someone@example.ng', subject: 'Hello', text: 'Hello' };
    const refused = await asFunction('route:get-contract', () => sendEmail(email));
    expect(refused.error).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });
    expect(refused.denials).toEqual([refusedAs('route:get-contract', 'ses:SendEmail')]);

    const allowed = await asFunction('route:send-signup-confirmation', () => sendEmail(email));
    expect(allowed).toEqual({ error: undefined, denials: [] });
  });

  it('Step Functions: starting or answering an execution is refused without the grant (AccessDeniedException)', async () => {
    const start = await asFunction('route:get-contract', () => startEscrowExecution('iam-test-contract'));
    expect(start.error?.name).toBe('AccessDeniedException');
    expect(start.denials).toEqual([refusedAs('route:get-contract', 'states:StartExecution')]);

    // A token of the escrow state machine that no task waits on: with the grant, "already handled".
    const token = `lsfn1.${Buffer.from(localStage.stateMachineName).toString('base64url')}.${'A'.repeat(43)}`;
    const answer = await asFunction('route:get-contract', () => answerTask(token, {}));
    expect(answer.error?.name).toBe('AccessDeniedException');
    expect(answer.denials).toEqual([refusedAs('route:get-contract', 'states:SendTaskSuccess')]);
    let handled: boolean | undefined;
    const allowed = await asFunction('route:release-funds', async () => {
      handled = await answerTask(token, {});
    });
    expect(allowed).toEqual({ error: undefined, denials: [] });
    expect(handled).toBe(false);
  });

  it("Cognito: an admin call is refused without its action on the pool; get-profile's AdminGetUser goes through", async () => {
    const input = { UserPoolId: localStage.userPoolId, Username: 'nobody@example.ng' };
    const refused = await asFunction('route:get-contract', () => cognitoCall('AdminGetUser', input));
    expect(refused.error?.name).toBe('AccessDeniedException');
    expect(refused.denials).toEqual([refusedAs('route:get-contract', 'cognito-idp:AdminGetUser')]);

    const allowed = await asFunction('route:get-profile', () => cognitoCall('AdminGetUser', input));
    expect(allowed.error?.name).toBe('UserNotFoundException');
    expect(allowed.denials).toEqual([]);
  });

  it('Secrets Manager: a secret is refused to a function not granted it; the function granted it reads it', async () => {
    // get-contract is not given the secret's ARN at all in AWS, so it is asked by the ARN the stack outputs.
    const arn = process.env[envNames.flutterwaveSecretKeyArn] as string;
    // The functions' own client configuration: signed with the keys of the function it runs as.
    const secretsManager = new SecretsManagerClient(awsClientConfig('secretsManagerEndpoint'));
    const read = () => secretsManager.send(new GetSecretValueCommand({ SecretId: arn }));
    const refused = await asFunction('route:get-contract', read).finally(() => secretsManager.destroy());
    expect(refused.error?.name).toBe('AccessDeniedException');
    expect(refused.denials).toEqual([refusedAs('route:get-contract', 'secretsmanager:GetSecretValue')]);

    let value: string | undefined;
    const allowed = await asFunction('route:flutterwave-webhook', async () => {
      value = await getSecret('flutterwaveSecretKey');
    });
    expect(allowed).toEqual({ error: undefined, denials: [] });
    expect(value).toBe(cloud.flutterwave.secretKey);
  });

  it('AppSync Events: a publish is refused without appsync:EventPublish on the namespace (401); a writer publishes', async () => {
    const refused = await asFunction('route:get-contract', publish);
    expect(refused.error?.name).toBe('HTTP401');
    expect(refused.denials).toEqual([refusedAs('route:get-contract', 'appsync:EventPublish')]);

    const allowed = await asFunction('route:create-contract', publish);
    expect(allowed).toEqual({ error: undefined, denials: [] });
  });

  it('the realtime authorizer reads a profile’s session state and nothing else: no other item, no write, no publish', async () => {
    const { purpose } = realtimeAuthorizer;
    expect(await asFunction(purpose, () => sessionStateOf('someone'))).toEqual({ error: undefined, denials: [] });
    const contract = await asFunction(purpose, () => getContract('no-such-contract'));
    expect(contract.error?.name).toBe('AccessDeniedException');
    expect(contract.denials).toEqual([refusedAs(purpose, 'dynamodb:GetItem')]);
    const write = await asFunction(purpose, () =>
      putItem({ TableName: localStage.tableName, Item: { PK: 'USER#iam-test', SK: 'PROFILE' } }),
    );
    expect(write.denials).toEqual([refusedAs(purpose, 'dynamodb:PutItem')]);
    // Not even told where events are published (no EVENTS_HTTP_ENDPOINT), nor allowed to.
    expect(await cloud.iam.runAs(purpose, async () => process.env[envNames.eventsHttpEndpoint])).toBeUndefined();
    const published = await asFunction(purpose, publish);
    expect(published.error?.name).toBe('HTTP401');
    expect(published.denials).toEqual([refusedAs(purpose, 'appsync:EventPublish')]);
  });

  it('gives each function only the environment CDK gives it: a secret ARN it is not granted is not there', async () => {
    const seen = (purpose: string) =>
      cloud.iam.runAs(purpose, async () => ({
        key: process.env[envNames.flutterwaveSecretKeyArn],
        accessKeyId: process.env.AWS_ACCESS_KEY_ID,
        name: process.env.AWS_LAMBDA_FUNCTION_NAME,
      }));
    const webhook = await seen('route:flutterwave-webhook');
    const reader = await seen('route:get-contract');
    expect(webhook.key).toMatch(/^arn:aws:secretsmanager:eu-west-1:000000000000:secret:/);
    expect(reader.key).toBeUndefined();
    expect(webhook.accessKeyId).not.toBe(reader.accessKeyId);
    expect(webhook.accessKeyId).not.toBe(cloud.credentials.accessKeyId);
    expect(reader.name).toMatch(/GetContract/);
    // Outside any function: the process's own (the root's) settings.
    expect(process.env.AWS_ACCESS_KEY_ID).toBe(cloud.credentials.accessKeyId);
  });
});
