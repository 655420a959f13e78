import { ArnFormat, CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { Group, ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { evidenceKeys } from '../lambdas/core/domain/evidence-keys';
import { EscrowApi } from './api';
import { EscrowAuth } from './auth';
import { EscrowData } from './data';
import { EscrowEvidence } from './evidence';
import { EscrowFunction, sendEmailStatement } from './function';
import { mailConfigurationSetNameOf } from './mail';
import { EscrowMonitoring } from './monitoring';
import { acknowledgeWildcardResource } from './nag';
import { EscrowRealtime } from './realtime';
import { EscrowSchedules } from './schedules';
import { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';
import { EscrowWeb } from './web';
import { EscrowWorkflow, stateMachineNameOf } from './workflow';

export interface EscrowStackProps extends Omit<StackProps, 'env'> {
  /** Settings of the stage this stack deploys; also gives the stack's env. */
  readonly stage: StageConfig;
}

/**
 * One stage of the product (`escrow-dev`, `escrow-prod`, ...): one stack, one construct per concern.
 *
 * One stack because the concerns reference each other both ways (the web URL goes into emails
 * and CORS; the API URL and pool ids go into the web's config.json): across stacks that is an
 * export cycle, within one stack an ordinary dependency graph. The routes live in two nested stacks
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
  /** The private bucket of files attached to deliveries and disputes. */
  readonly evidence: EscrowEvidence;
  readonly secrets: EscrowSecrets;
  readonly monitoring: EscrowMonitoring;

  constructor(scope: Construct, id: string, props: EscrowStackProps) {
    super(scope, id, { ...props, env: props.stage.env, terminationProtection: props.stage.terminationProtection });
    const { stage } = props;
    this.data = new EscrowData(this, 'Data', { stage });
    this.secrets = new EscrowSecrets(this, 'Secrets', { stage });
    this.web = new EscrowWeb(this, 'Web', { stage });
    this.evidence = new EscrowEvidence(this, 'Evidence', { stage, appUrl: this.web.url, accessLogs: this.web.accessLogs });
    const { secrets } = this;
    this.auth = new EscrowAuth(this, 'Auth', { stage, data: this.data, appUrl: this.web.url, secrets });
    // After the pool (people subscribe with its tokens); the triggers get nothing from it, or the
    // pool would depend on what depends on it. Every function that writes the table publishes.
    this.realtime = new EscrowRealtime(this, 'Realtime', {
      stage,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      data: this.data,
      appUrl: this.web.url,
    });
    const { realtime } = this;
    this.workflow = new EscrowWorkflow(this, 'Workflow', {
      stage,
      data: this.data,
      appUrl: this.web.url,
      secrets,
      realtime,
      evidence: this.evidence,
    });
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
    // The route table's functions, integrations and routes (~7 resources a route) in nested stacks
    // of their own, so they can grow without pushing any stack to CloudFormation's 500: the API and
    // the first routes in Routes, the routes marked `stack: 'more'` (lambdas/routes.ts) in MoreRoutes.
    this.api = new EscrowApi(new NestedStack(this, 'Routes'), 'Api', {
      moreRoutesScope: new NestedStack(this, 'MoreRoutes'),
      stage,
      data: this.data,
      auth: this.auth,
      appUrl: this.web.url,
      secrets,
      stateMachineArn: this.workflow.stateMachineArn,
      realtime,
      evidence: this.evidence,
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
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: 'Where a custom domain points: a CNAME, or an alias A/AAAA record at the apex, to this name',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Subscribe ops to this topic: aws sns subscribe --protocol email --notification-endpoint <address>',
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'EvidenceBucketName', { value: this.evidence.bucket.bucketName });
    new CfnOutput(this, 'EventsHttpEndpoint', { value: realtime.httpEndpoint });
    // What ops' scripts send a step's emails as, and through (the same as the functions).
    new CfnOutput(this, 'MailFrom', { value: stage.mailFrom });
    new CfnOutput(this, 'MailConfigurationSetName', { value: mailConfigurationSetNameOf(stage) });
    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'ExecutionLogGroupName', {
      value: this.workflow.executionLogs.logGroupName,
      description: 'Every execution history, kept after the 90 days Step Functions keeps them (npm run executions reads it)',
    });
    // Where ops put the provider keys, and read the webhook hash to copy into the provider's dashboard.
    const secretOutputs = {
      CaptchaSecretArn: ['captcha', "Put Google's reCAPTCHA secret key here (created empty)"],
      FlutterwaveSecretKeyArn: ['flutterwaveSecretKey', "Put Flutterwave's secret key here (created empty)"],
      FlutterwaveWebhookHashArn: [
        'flutterwaveWebhookHash',
        "Copy this generated value into Flutterwave's dashboard as the webhook secret hash",
      ],
      AppSecretArn: ['app', 'Generated HMAC key of codes and links: nobody needs to read it'],
    } as const;
    for (const [output, [name, description]] of Object.entries(secretOutputs))
      new CfnOutput(this, output, { value: this.secrets.secrets[name].secretArn, description });
    const deciders = disputeDecisionsPolicy(this, stage, this.data, this.workflow.stateMachineArn, realtime, this.evidence);
    new CfnOutput(this, 'DecideDisputesPolicyArn', {
      value: deciders.managedPolicyArn,
      description: 'Only ops hold it: aws iam attach-user-policy --user-name <ops person> --policy-arn <this>',
    });
    const finance = financePolicy(
      this,
      stage,
      this.data,
      this.workflow.stateMachineArn,
      this.workflow.executionLogs,
      this.monitoring,
    );
    const financeGroup = new Group(this, 'FinanceGroup', {
      groupName: `${stackNameOf(stage)}-finance`,
      managedPolicies: [finance],
    });
    // npm run close-account: the table's side is the deciders' (the profile by key); Cognito's is this.
    const closers = new ManagedPolicy(this, 'CloseAccounts', {
      managedPolicyName: `${stackNameOf(stage)}-close-accounts`,
      description: 'npm run close-account --stage: sign a person out of the user pool everywhere and remove them (ops only)',
      statements: [
        new PolicyStatement({
          sid: 'SignOutAndRemove',
          actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
          resources: [this.auth.userPool.userPoolArn],
        }),
      ],
    });
    const opsGroup = new Group(this, 'OpsGroup', {
      groupName: `${stackNameOf(stage)}-ops`,
      managedPolicies: [finance, deciders, closers],
    });
    new CfnOutput(this, 'FinanceGroupName', {
      value: financeGroup.groupName,
      description:
        'Finance reads every execution and the ledger: aws iam add-user-to-group --group-name <this> --user-name <person>',
    });
    new CfnOutput(this, 'OpsGroupName', {
      value: opsGroup.groupName,
      description:
        'Ops read what finance reads, resume payouts, refunds and executions, redrive failed executions, decide disputes and close accounts: aws iam add-user-to-group --group-name <this> --user-name <person>',
    });
  }
}

/**
 * What ops' scripts that move a contract on need (`npm run decide-dispute`, `resume-payout`,
 * `resume-refund`, `resume-execution`, `redrive` and `record-top-up`, with `--stage <s>`), and no
 * function or person holds unless given it: read the stage's outputs, read and write the table's
 * items by key (the decision, its refund legs, the payout and the notifications, in one
 * transaction; an execution's hold), answer the waiting step of the contract's execution, redrive
 * an execution that failed, timed out or was aborted in the last 14 days, start the contract's next
 * execution when its last one ended, and tell the parties as a function would (the step's email as
 * the stage's sender, their notifications on their realtime channels). No Scan, no delete, no
 * provider key: the workflow asks the provider for the refunds. Held by the ops group.
 */
function disputeDecisionsPolicy(
  scope: Stack,
  stage: StageConfig,
  data: EscrowData,
  stateMachineArn: string,
  realtime: EscrowRealtime,
  evidence: EscrowEvidence,
): ManagedPolicy {
  const { tableArn } = data.table;
  const evidenceFiles = evidence.bucket.arnForObjects(`${evidenceKeys.evidencePrefix}*`);
  const executions = scope.formatArn({
    service: 'states',
    resource: 'execution',
    resourceName: `${stateMachineNameOf(stage)}:*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  const policy = new ManagedPolicy(scope, 'DecideDisputes', {
    managedPolicyName: `${stackNameOf(stage)}-decide-disputes`,
    description:
      'npm run decide-dispute / resume-payout / resume-refund / resume-execution / redrive --stage: record an ops decision, resume what waits, redrive a failed execution (ops only)',
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
      new PolicyStatement({ sid: 'StartTheNextExecution', actions: ['states:StartExecution'], resources: [stateMachineArn] }),
      new PolicyStatement({
        sid: 'RedriveTheExecution',
        actions: ['states:DescribeExecution', 'states:RedriveExecution'],
        resources: [executions],
      }),
      // The dispute's files, read through the links the script signs with ops' own rights (never uploads).
      new PolicyStatement({ sid: 'ReadTheEvidence', actions: ['s3:GetObject'], resources: [evidenceFiles] }),
      new PolicyStatement({
        sid: 'AnnounceToTheParties',
        actions: ['appsync:EventPublish'],
        resources: [realtime.notificationsArn],
      }),
    ],
  });
  policy.addStatements(sendEmailStatement(policy, stage.name, stage.mailFrom, 'EmailTheParties'));
  acknowledgeWildcardResource(
    policy,
    executions,
    "Every execution of this stage's state machine (one per contract and generation): ops redrive the one that failed.",
  );
  acknowledgeWildcardResource(
    policy,
    evidenceFiles,
    "The confirmed evidence files (one key per contract and file), read only: ops look at a dispute's files before deciding.",
  );
  return policy;
}

/**
 * What finance reads, and nothing more: the stage's outputs (to find the rest), the state
 * machine's executions and their histories (`npm run executions`), the ledger's, contracts' and
 * payments' items by key (`LEDGER#`, `CONTRACT#`, `PAYMENT#` and `UNKNOWN_TX#` partitions only: no
 * profile, no device, no Scan; `npm run held` reads the sweep's check of the provider's
 * balance under `LEDGER#COVER#`), Logs Insights on the executions' log group (histories older
 * than the 90 days Step Functions keeps), and the stage's dashboard with its graphs and alarms.
 * No write anywhere.
 */
function financePolicy(
  scope: Stack,
  stage: StageConfig,
  data: EscrowData,
  stateMachineArn: string,
  executionLogs: ILogGroup,
  monitoring: EscrowMonitoring,
): ManagedPolicy {
  const tableArn = data.table.tableArn;
  const executions = scope.formatArn({
    service: 'states',
    resource: 'execution',
    resourceName: `${stateMachineNameOf(stage)}:*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  const logStreams = `${executionLogs.logGroupArn}:*`;
  // CloudFormation names an alarm it names for nobody `<stack>-<logical id>-<suffix>`: the stage's alarms, and no other stage's.
  const stageAlarms = scope.formatArn({
    service: 'cloudwatch',
    resource: 'alarm',
    resourceName: `${stackNameOf(stage)}-*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  const policy = new ManagedPolicy(scope, 'Finance', {
    managedPolicyName: `${stackNameOf(stage)}-finance`,
    description:
      'Finance: read the executions, the ledger, the contracts, the payments and the dashboard of this stage (no writes)',
    statements: [
      new PolicyStatement({ sid: 'ReadTheStageOutputs', actions: ['cloudformation:DescribeStacks'], resources: [scope.stackId] }),
      new PolicyStatement({ sid: 'ListExecutions', actions: ['states:ListExecutions'], resources: [stateMachineArn] }),
      new PolicyStatement({
        sid: 'ReadExecutions',
        actions: ['states:DescribeExecution', 'states:GetExecutionHistory'],
        resources: [executions],
      }),
      new PolicyStatement({
        sid: 'ReadLedgerContractsAndPayments',
        actions: ['dynamodb:GetItem', 'dynamodb:Query'],
        // GSI1 lists the ledger's postings by time (LEDGER#<currency>), under the same leading-key rule.
        resources: [tableArn, `${tableArn}/index/GSI1`],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEDGER#*', 'CONTRACT#*', 'PAYMENT#*', 'UNKNOWN_TX#*'] },
        },
      }),
      new PolicyStatement({
        sid: 'ReadTheDashboard',
        actions: ['cloudwatch:GetDashboard'],
        resources: [monitoring.dashboardArn],
      }),
      // Its alarm widgets: the stage's alarms, by name.
      new PolicyStatement({ sid: 'ReadTheAlarms', actions: ['cloudwatch:DescribeAlarms'], resources: [stageAlarms] }),
      new PolicyStatement({
        sid: 'QueryExecutionLogs',
        actions: ['logs:StartQuery', 'logs:FilterLogEvents', 'logs:GetLogEvents'],
        resources: [executionLogs.logGroupArn, logStreams],
      }),
      // GetQueryResults and StopQuery take a query id, not a resource: IAM allows only "*" for them.
      new PolicyStatement({ sid: 'ReadQueryResults', actions: ['logs:GetQueryResults', 'logs:StopQuery'], resources: ['*'] }),
      // The dashboard's graphs: GetMetricData names metrics, not resources, so IAM takes only "*" for it.
      new PolicyStatement({ sid: 'ReadTheGraphs', actions: ['cloudwatch:GetMetricData'], resources: ['*'] }),
    ],
  });
  acknowledgeWildcardResource(policy, executions, "Every execution of this stage's state machine (one per contract), read only.");
  acknowledgeWildcardResource(policy, logStreams, "The log streams of this stage's execution log group, read only.");
  acknowledgeWildcardResource(
    policy,
    '*',
    'logs:GetQueryResults and logs:StopQuery name a query id, and cloudwatch:GetMetricData metrics, not a resource: IAM takes only * for them.',
  );
  acknowledgeWildcardResource(policy, stageAlarms, "This stage's alarms (their names begin with its stack's), read only.");
  return policy;
}

/** The construct id, and so the CloudFormation stack name, of a stage. */
export function stackNameOf(stage: Pick<StageConfig, 'name'>): string {
  return `escrow-${stage.name}`;
}
