import { envNames } from '../lambdas/core/adapters/env';
import { localCredentials } from '../lib/local/dynamodb';
import { localStage } from '../lib/local/index';
import { stageOutputs } from './stage-outputs';

/**
 * Points the product's own services at a stage, as ops' scripts use them (they read their settings
 * from the environment, as in a Lambda): without a stage, the local cloud `npm start` runs on
 * `port` (its table and its Step Functions, unless the environment names others); with one, the deployed stage's table with
 * the caller's AWS credentials. Answers the stage's region.
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
    };
    for (const [name, value] of Object.entries(local)) process.env[name] ??= value;
    return localStage.region;
  }
  const { region, output } = await stageOutputs(stage);
  Object.assign(process.env, { AWS_REGION: region, [envNames.tableName]: output('TableName') });
  return region;
}
