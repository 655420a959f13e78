import { Duration, Stack, Tags } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct, IConstruct } from 'constructs';
import { envNames } from '../lambdas/core/adapters/env';
import { type SecretName, secretSources } from '../lambdas/core/adapters/secrets';
import type { RoutePermissions } from '../lambdas/routes';
import { nodejsBundling } from './bundling';
import type { EscrowData, TableAccess } from './data';
import { mailConfigurationSetNameOf } from './mail';
import { acknowledgeWildcardResource } from './nag';
import type { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';

/** Where a function's listed permissions point. */
export interface GrantTargets {
  readonly secrets: EscrowSecrets;
  /** The only sender email may be sent as. */
  readonly mailFrom: string;
  readonly userPoolArn?: string;
  /** The escrow state machine (by its formatted ARN, so granting never makes a CloudFormation cycle). */
  readonly stateMachineArn?: string;
}

/** Tag naming what a function is for; tests and operators find functions by it. */
export const FUNCTION_TAG = 'escrow:function';

export interface EscrowFunctionProps
  extends Omit<NodejsFunctionProps, 'runtime' | 'architecture' | 'bundling' | 'logGroup' | 'role' | 'entry'> {
  /** Source file exporting `handler` (from `handlerEntry` / `triggerEntry`). */
  readonly entry: string;
  /** Stage settings: log retention and removal policy of the function's log group. */
  readonly stage: StageConfig;
  /** Value of the `escrow:function` tag, e.g. `route:health` or `trigger:defineAuthChallenge`. */
  readonly purpose: string;
  /** The table this function uses. @default no table */
  readonly data?: EscrowData;
  /** Access granted to `data`. @default 'none' */
  readonly tableAccess?: TableAccess;
  /** The only partitions of `data` it may touch (a dynamodb:LeadingKeys condition). @default any */
  readonly tableKeys?: readonly string[];
  /** @default 512 (MB; more memory also means more CPU, which shortens cold starts) */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) (under the HTTP API's 30 s integration limit) */
  readonly timeout?: Duration;
  /** The function environment, from `functionEnvironment` (lambdas/core/adapters/env.ts), the same as locally. */
  readonly environment: Record<string, string>;
}

/**
 * The one way to make a Lambda in this app: Node 24 on ARM64, bundled by {@link nodejsBundling}
 * (ESM, minified, AWS SDK inside, source maps on), X-Ray active tracing, its own log group with the
 * stage's retention, and a role holding only what is granted to it (no AWS managed policy).
 */
export class EscrowFunction extends NodejsFunction {
  /** The function's execution role; cdk-nag findings on its policy are acknowledged here. */
  readonly serviceRole: Role;
  /** The stage's name (the prefix of what the function may reach, e.g. its email templates). */
  private readonly stageName: string;

  constructor(scope: Construct, id: string, props: EscrowFunctionProps) {
    const { stage, purpose, data, tableAccess = 'none', tableKeys, environment, ...rest } = props;
    // Created next to the function because a subclass cannot add children before super().
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    super(scope, id, {
      memorySize: 512,
      timeout: Duration.seconds(10),
      ...rest,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      bundling: nodejsBundling(),
      logGroup,
      role,
      // X-Ray traces each invocation; the functions' tracer (lambdas/core/adapters/tracer.ts) adds each AWS and HTTP call to it.
      tracing: Tracing.ACTIVE,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
    });
    this.serviceRole = role;
    this.stageName = stage.name;
    // Instead of AWSLambdaBasicExecutionRole (logs:* on every log group): this group only.
    logGroup.grantWrite(role);
    if (data) this.grantTable(data, tableAccess, tableKeys);
    Tags.of(this).add(FUNCTION_TAG, purpose);
    acknowledgeWildcardResource(
      role,
      '*',
      'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray only grants on resource *.',
    );
  }

  /**
   * Grants what a table entry (route, trigger or task) lists, beyond the table: email, secrets,
   * user pool actions, the escrow state machine. A listed permission whose target the caller did
   * not give is a wiring defect and fails the synth.
   */
  grantListed(permissions: RoutePermissions, targets: GrantTargets): void {
    if (permissions.sendEmail) this.grantSendEmail(targets.mailFrom);
    if (permissions.secrets?.length) this.grantSecrets(targets.secrets, permissions.secrets);
    if (permissions.userPoolActions?.length) {
      if (!targets.userPoolArn) throw new Error(`${this.node.path}: user pool actions listed without a user pool`);
      this.addToRolePolicy(new PolicyStatement({ actions: permissions.userPoolActions, resources: [targets.userPoolArn] }));
    }
    const workflow = permissions.workflow ?? [];
    if (workflow.length > 0) {
      if (!targets.stateMachineArn) throw new Error(`${this.node.path}: workflow access listed without a state machine`);
      const actions = [
        ...(workflow.includes('start') ? ['states:StartExecution'] : []),
        ...(workflow.includes('answer') ? ['states:SendTaskSuccess', 'states:SendTaskFailure', 'states:SendTaskHeartbeat'] : []),
      ];
      this.addToRolePolicy(new PolicyStatement({ actions, resources: [targets.stateMachineArn] }));
      if (workflow.includes('start')) {
        // Whoever starts a contract's execution reads one whose name is taken (ended: its successor is started instead).
        const executions = `${targets.stateMachineArn.replace(':stateMachine:', ':execution:')}:*`;
        this.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [executions] }));
        acknowledgeWildcardResource(
          this.serviceRole,
          executions,
          "The executions of this stage's escrow state machine (one per contract and generation), read only.",
        );
      }
    }
  }

  /** Grants table access by permission level; 'none' grants nothing. */
  grantTable(data: EscrowData, access: TableAccess, leadingKeys?: readonly string[]): void {
    data.grant(this, access, leadingKeys);
  }

  /** Lets the function read the named secrets, telling it where they are (lambdas/core/adapters/secrets.ts). */
  grantSecrets(secrets: EscrowSecrets, names: readonly SecretName[]): void {
    for (const name of names) {
      const secret = secrets.secrets[name];
      secret.grantRead(this);
      this.addEnvironment(envNames[secretSources[name].arn], secret.secretArn);
    }
  }

  /** Allows SES v2 SendEmail as the stage's sender only ({@link sendEmailStatement}), through the stage's configuration set. */
  grantSendEmail(mailFrom: string): void {
    this.addEnvironment(envNames.mailConfigurationSet, mailConfigurationSetNameOf({ name: this.stageName }));
    this.addToRolePolicy(sendEmailStatement(this.serviceRole, this.stageName, mailFrom));
  }
}

/**
 * SES v2 SendEmail only with `mailFrom` as the sender, for a function's role or a person's policy
 * (`owner`, where cdk-nag's findings on the wildcards are acknowledged). The resource has to be
 * `identity/*`: SES authorises the recipient identities as well while the account is in the SES
 * sandbox, and those are not known at deploy time. The condition pins the sender. A templated send
 * is also authorised on the template (only the stage's own, lib/mail.ts), and a send through a
 * configuration set on the set (the stage's, which suppresses bounces and complaints).
 */
export function sendEmailStatement(owner: IConstruct, stageName: string, mailFrom: string, sid?: string): PolicyStatement {
  const stack = Stack.of(owner);
  const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
  const templates = stack.formatArn({ service: 'ses', resource: 'template', resourceName: `escrow-${stageName}-*` });
  const configurationSet = stack.formatArn({
    service: 'ses',
    resource: 'configuration-set',
    resourceName: mailConfigurationSetNameOf({ name: stageName }),
  });
  acknowledgeWildcardResource(
    owner,
    identities,
    'ses:SendEmail is limited by the ses:FromAddress condition to the stage sender; identity/* is needed because SES also authorises recipient identities in the sandbox.',
  );
  acknowledgeWildcardResource(
    owner,
    templates,
    "ses:SendEmail with a stored template is authorised on the template too; the wildcard covers only this stage's deal-step templates.",
  );
  return new PolicyStatement({
    sid,
    actions: ['ses:SendEmail'],
    resources: [identities, templates, configurationSet],
    conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
  });
}
