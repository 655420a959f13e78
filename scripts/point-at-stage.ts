import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { envNames } from '../lambdas/core/adapters/env';
import { adminAccessKeyId, type Person, principalCredentials } from '../lib/local/iam/credentials';
import { loadStageIam } from '../lib/local/iam/stage-cache';
import { localPorts, runningAppPort } from '../lib/local/ports';
import { localStage } from '../lib/local/stage';
import { stageOutputs } from './stage-outputs';

const dataDir = () => resolve(process.env.ESCROW_DATA_DIR ?? join(process.cwd(), '.data'));

/**
 * The local cloud's root secret: a test's cloud puts its root credentials in the environment of
 * what it starts; `npm start`'s is kept in its data directory (the developer owns the laptop).
 */
function localRootSecret(): string {
  if (process.env.AWS_ACCESS_KEY_ID === adminAccessKeyId && process.env.AWS_SECRET_ACCESS_KEY)
    return process.env.AWS_SECRET_ACCESS_KEY;
  try {
    return (JSON.parse(readFileSync(join(dataDir(), 'secrets.json'), 'utf8')) as { awsSecretAccessKey: string })
      .awsSecretAccessKey;
  } catch {
    throw new Error(`No local cloud's settings in ${dataDir()}: start it first (npm start), or name a stage with --stage`);
  }
}

/** The certificate `npm start`'s https stand-ins (AppSync Events, S3) present (kept in its data directory), if there is one. */
function localCertificate(): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dataDir(), 'events-tls.json'), 'utf8')) as { cert: string }).cert;
  } catch {
    return undefined;
  }
}

/**
 * Points the product's own services at a stage, as ops' and finance's scripts use them (they read
 * their settings from the environment, as a Lambda does). With a stage: the deployed stage's outputs
 * (table, state machine, where the emails link to) with the caller's own AWS credentials, so a script
 * can do only what the caller's group allows. Without one: the local cloud `npm start` runs on `port`
 * (unless the environment names another, a test's), signed as a member of the stage's `as` group
 * (`finance` or `ops`, the policies CDK synthesizes for them), so a script that needs more than its
 * group holds fails locally first, as it would on a stage. Answers the stage's region.
 */
export async function pointAtStage(stage: string | undefined, port: number, as: Person): Promise<string> {
  if (!stage) {
    pointAtLocalCloud(port, as);
    return localStage.region;
  }
  const { region, output } = await stageOutputs(stage);
  Object.assign(process.env, {
    AWS_REGION: region,
    [envNames.stage]: stage,
    [envNames.tableName]: output('TableName'),
    [envNames.stateMachineArn]: output('StateMachineArn'),
    [envNames.userPoolId]: output('UserPoolId'),
    [envNames.appUrl]: output('AppUrl'),
    [envNames.mailFrom]: output('MailFrom'),
    [envNames.mailConfigurationSet]: output('MailConfigurationSetName'),
    [envNames.eventsHttpEndpoint]: output('EventsHttpEndpoint'),
    [envNames.evidenceBucket]: output('EvidenceBucketName'),
  });
  return region;
}

/**
 * The local cloud on `port` as `principal` sees it: its endpoints and the stage's outputs (what the
 * environment already names wins: a test's cloud), signed with the principal's credentials (a group
 * of people, or a function's role for what only a function may do).
 */
export function pointAtLocalCloud(port: number, principal: string): void {
  const { outputs } = loadStageIam();
  const ports = localPorts(port);
  const local: Record<string, string | undefined> = {
    AWS_REGION: localStage.region,
    [envNames.stage]: localStage.stage,
    [envNames.tableName]: outputs.TableName,
    [envNames.stateMachineArn]: outputs.StateMachineArn,
    [envNames.userPoolId]: outputs.UserPoolId,
    [envNames.mailFrom]: localStage.mailFrom,
    [envNames.mailConfigurationSet]: outputs.MailConfigurationSetName,
    [envNames.appUrl]: `http://127.0.0.1:${ports.app}`,
    [envNames.eventsHttpEndpoint]: `https://127.0.0.1:${ports.events}/event`,
    [envNames.localCaCert]: localCertificate(),
    [envNames.flutterwaveSecretKeyArn]: outputs.FlutterwaveSecretKeyArn,
    [envNames.dynamodbEndpoint]: `http://127.0.0.1:${ports.dynamodb}`,
    [envNames.sfnEndpoint]: `http://127.0.0.1:${ports.stepFunctions}`,
    [envNames.cognitoEndpoint]: `http://127.0.0.1:${ports.cognito}`,
    [envNames.sesEndpoint]: `http://127.0.0.1:${ports.ses}`,
    [envNames.secretsManagerEndpoint]: `http://127.0.0.1:${ports.secretsManager}`,
    [envNames.s3Endpoint]: `https://127.0.0.1:${ports.s3}`,
    [envNames.evidenceBucket]: outputs.EvidenceBucketName,
    [envNames.flutterwaveBaseUrl]: `http://127.0.0.1:${ports.flutterwave}/v3`,
  };
  for (const [name, value] of Object.entries(local)) if (value !== undefined) process.env[name] ??= value;
  const { accessKeyId, secretAccessKey } = principalCredentials(localRootSecret(), principal);
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey });
}

/**
 * An ops command about one contract as `npm run <name> -- <args> [--stage <name>] [--port <app port>]`
 * takes it: its arguments (the usage line, exit code 2, when one is missing), pointed at the stage as ops.
 */
export async function opsCommand(
  name: string,
  argNames: readonly string[],
): Promise<{ args: string[]; stage: string | undefined; region: string }> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { stage: { type: 'string' }, port: { type: 'string' } },
  });
  if (positionals.length < argNames.length) {
    console.error(`usage: npm run ${name} -- ${argNames.map((a) => `<${a}>`).join(' ')} [--stage <name>] [--port <app port>]`);
    process.exit(2);
  }
  const region = await pointAtStage(values.stage, runningAppPort(values.port), 'ops');
  return { args: positionals, stage: values.stage, region };
}
