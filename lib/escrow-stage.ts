import { CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { EscrowApi } from './api';
import { EscrowAuth } from './auth';
import { EscrowData } from './data';
import { EscrowFunction } from './function';
import { EscrowMonitoring } from './monitoring';
import { EscrowRealtime } from './realtime';
import { EscrowSchedules } from './schedules';
import { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';
import { EscrowWeb } from './web';
import { EscrowWorkflow } from './workflow';

export interface EscrowStackProps extends Omit<StackProps, 'env'> {
  /** Settings of the stage this stack deploys; also gives the stack's env. */
  readonly stage: StageConfig;
}

/**
 * One stage of the product (`escrow-dev`, `escrow-prod`, ...): one stack, one construct per concern.
 *
 * One stack because the concerns reference each other both ways (the web URL goes into emails
 * and CORS; the API URL and pool ids go into the web's config.json): across stacks that is an
 * export cycle, within one stack an ordinary dependency graph. The routes live in a nested stack
 * (parameters in, outputs out: still one graph), for CloudFormation's 500 resources per stack.
 *
 * Not wrapped in a `Stage`: the CDK CLI (2.1148) only reports validation findings of the stacks
 * it selected, and stacks nested in a Stage are not selected by a plain `cdk synth`, so cdk-nag
 * errors would pass silently with exit code 0. A top-level stack is selected by default.
 */
export class EscrowStack extends Stack {
  readonly data: EscrowData;
  readonly auth: EscrowAuth;
  readonly realtime: EscrowRealtime;
  readonly api: EscrowApi;
  readonly workflow: EscrowWorkflow;
  readonly schedules: EscrowSchedules;
  readonly web: EscrowWeb;
  readonly secrets: EscrowSecrets;
  readonly monitoring: EscrowMonitoring;

  constructor(scope: Construct, id: string, props: EscrowStackProps) {
    super(scope, id, { ...props, env: props.stage.env, terminationProtection: props.stage.terminationProtection });
    const { stage } = props;
    this.data = new EscrowData(this, 'Data', { stage });
    this.secrets = new EscrowSecrets(this, 'Secrets', { stage });
    this.web = new EscrowWeb(this, 'Web', { stage });
    const { secrets } = this;
    this.auth = new EscrowAuth(this, 'Auth', { stage, data: this.data, appUrl: this.web.url, secrets });
    // After the pool (people subscribe with its tokens); the triggers get nothing from it, or the
    // pool would depend on what depends on it. Every function that writes the table publishes.
    this.realtime = new EscrowRealtime(this, 'Realtime', { stage, userPool: this.auth.userPool });
    const { realtime } = this;
    this.workflow = new EscrowWorkflow(this, 'Workflow', { stage, data: this.data, appUrl: this.web.url, secrets, realtime });
    // The schedules table's functions and rules (~6 resources each) stay in the stage stack: they
    // reach the state machine by its formatted ARN only, so nothing here depends on the workflow's resources.
    this.schedules = new EscrowSchedules(this, 'Schedules', {
      stage,
      data: this.data,
      appUrl: this.web.url,
      secrets,
      stateMachineArn: this.workflow.stateMachineArn,
      realtime,
    });
    // The route table's functions, integrations and routes (~7 resources a route) in a nested stack
    // of their own, so they can grow without pushing the stage stack to CloudFormation's 500.
    this.api = new EscrowApi(new NestedStack(this, 'Routes'), 'Api', {
      stage,
      data: this.data,
      auth: this.auth,
      appUrl: this.web.url,
      secrets,
      stateMachineArn: this.workflow.stateMachineArn,
      realtime,
    });
    this.web.deploy(
      {
        stage: stage.name,
        region: this.region,
        apiUrl: this.api.url,
        cognito: {
          userPoolId: this.auth.userPool.userPoolId,
          userPoolClientId: this.auth.userPoolClient.userPoolClientId,
        },
        captchaSiteKey: stage.captchaSiteKey,
        payments: { publicKey: stage.flutterwavePublicKey, checkoutScriptUrl: stage.checkoutScriptUrl },
        support: stage.support,
        events: { endpoint: realtime.httpEndpoint },
      },
      { events: realtime },
    );

    this.monitoring = new EscrowMonitoring(this, 'Monitoring', {
      stage,
      functions: this.node.findAll().filter((c): c is EscrowFunction => c instanceof EscrowFunction),
      triggers: Object.values(this.auth.triggers).filter((fn): fn is EscrowFunction => fn !== undefined),
      httpApi: this.api.httpApi,
      otherAlarms: [this.workflow.failedExecutionsAlarm],
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.url });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Subscribe ops to this topic: aws sns subscribe --protocol email --notification-endpoint <address>',
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'EventsHttpEndpoint', { value: realtime.httpEndpoint });
    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    const deciders = disputeDecisionsPolicy(this, stage, this.data, this.workflow.stateMachineArn);
    new CfnOutput(this, 'DecideDisputesPolicyArn', {
      value: deciders.managedPolicyArn,
      description: 'Only ops hold it: aws iam attach-user-policy --user-name <ops person> --policy-arn <this>',
    });
  }
}

/**
 * What `npm run decide-dispute -- <id> ... --stage <s>` needs, and no function or person holds
 * unless given it: read the stage's outputs, read and write the table's items by key (the
 * decision, its refund legs, the payout and the notifications, in one transaction), and answer
 * the waiting step of the contract's execution. No Scan, no delete, no provider key, no SES: the
 * workflow asks the provider for the refunds. Attached to nobody; ops attach it to themselves.
 */
function disputeDecisionsPolicy(scope: Stack, stage: StageConfig, data: EscrowData, stateMachineArn: string): ManagedPolicy {
  const { tableArn } = data.table;
  return new ManagedPolicy(scope, 'DecideDisputes', {
    managedPolicyName: `${stackNameOf(stage)}-decide-disputes`,
    description: 'npm run decide-dispute --stage: record an ops decision of a dispute and answer its execution (ops only)',
    statements: [
      new PolicyStatement({ sid: 'ReadTheStageOutputs', actions: ['cloudformation:DescribeStacks'], resources: [scope.stackId] }),
      new PolicyStatement({
        sid: 'RecordTheDecision',
        actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
        resources: [tableArn, `${tableArn}/index/GSI1`, `${tableArn}/index/GSI2`],
      }),
      new PolicyStatement({
        sid: 'AnswerTheExecution',
        actions: ['states:SendTaskSuccess', 'states:SendTaskFailure'],
        resources: [stateMachineArn],
      }),
    ],
  });
}

/** The construct id, and so the CloudFormation stack name, of a stage. */
export function stackNameOf(stage: Pick<StageConfig, 'name'>): string {
  return `escrow-${stage.name}`;
}
