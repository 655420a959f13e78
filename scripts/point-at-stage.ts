import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { envNames } from '../lambdas/core/adapters/env';
import { localCredentials } from '../lib/local/dynamodb';
import { localStage } from '../lib/local/index';
import { stageOutputs } from './stage-outputs';

/**
 * Points the product's own services at a stage, as ops' scripts use them (they read their settings
 * from the environment, as in a Lambda): without a stage, the local cloud `npm start` runs on
 * `port` (its table and its Step Functions, unless the environment names others); with one, the deployed stage's table
 * and state machine with the caller's AWS credentials. Answers the stage's region.
 */
export async function pointAtStage(stage: string | undefined, port: number): Promise<string> {
  if (!stage) {
    // What the environment already says wins (a local cloud on other ports, e.g. a test's).
    const local = {
      AWS_REGION: localStage.region,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      [envNames.tableName]: localStage.tableName,
      [envNames.dynamodbEndpoint]: `http://127.0.0.1:${port + 4}`,
      [envNames.sfnEndpoint]: `http://127.0.0.1:${port + 5}`,
      [envNames.stateMachineArn]: `arn:aws:states:${localStage.region}:${localStage.accountId}:stateMachine:${localStage.stateMachineName}`,
    };
    for (const [name, value] of Object.entries(local)) process.env[name] ??= value;
    return localStage.region;
  }
  const { region, output } = await stageOutputs(stage);
  Object.assign(process.env, {
    AWS_REGION: region,
    [envNames.tableName]: output('TableName'),
    // Resuming something starts the contract's next execution when the last one ended.
    [envNames.stateMachineArn]: output('StateMachineArn'),
  });
  return region;
}

/**
 * Points the product's own services also at the rest of the local cloud `npm start` runs on
 * `port`: its Cognito (signed with the cloud's own AWS credentials) and its payment sandbox (with
 * the local stage's key), read from the cloud's settings in the data directory. What the
 * environment already says wins (a test's cloud).
 */
export function pointAtLocalCloud(port: number): void {
  const settings = () => {
    const dataDir = resolve(process.env.ESCROW_DATA_DIR ?? join(process.cwd(), '.data'));
    return JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      flutterwaveSecretKey: string;
      awsSecretAccessKey: string;
    };
  };
  process.env[envNames.flutterwaveBaseUrl] ??= `http://127.0.0.1:${port + 6}/v3`;
  process.env[envNames.cognitoEndpoint] ??= `http://127.0.0.1:${port + 2}`;
  process.env[envNames.userPoolId] ??= localStage.userPoolId;
  if (!process.env[envNames.flutterwaveSecretKey]) process.env[envNames.flutterwaveSecretKey] = settings().flutterwaveSecretKey;
  // The local Cognito checks signatures with the cloud's own secret (pointAtStage set the placeholder).
  if (process.env.AWS_SECRET_ACCESS_KEY === localCredentials.secretAccessKey)
    process.env.AWS_SECRET_ACCESS_KEY = settings().awsSecretAccessKey;
}
