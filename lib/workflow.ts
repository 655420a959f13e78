import { readFileSync } from 'node:fs';
import { ArnFormat, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IVersion } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { escrowDefinitionPath, taskEntry, taskSubstitution, tasks as taskTable } from '../lambdas/tasks';
import type { EscrowData } from './data';
import type { EscrowEvidence } from './evidence';
import { EscrowFunction } from './function';
import { acknowledgeWildcardResource } from './nag';
import { environmentByWrites, type RealtimePublishing } from './realtime';
import type { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';

export interface EscrowWorkflowProps {
  /** Stage settings: log retention, removal policy, sender address. */
  readonly stage: StageConfig;
  readonly data: EscrowData;
  /** Public URL of the web app (APP_URL of the task functions). */
  readonly appUrl: string;
  readonly secrets: EscrowSecrets;
  /** AppSync Events: the tasks that write the table publish what they wrote (lambdas/core/entities/table.ts). */
  readonly realtime: RealtimePublishing;
  /** The evidence bucket: the tasks listing evidence permissions get their grant and its name. */
  readonly evidence: EscrowEvidence;
}

/** The state machine's name in a stage; its ARN is built from it, so nothing has to reference the resource. */
export function stateMachineNameOf(stage: StageConfig): string {
  return `escrow-${stage.name}-contracts`;
}

/** The ARN of the stage's escrow state machine, formatted (no reference to the resource: no CloudFormation cycle). */
export function stateMachineArnOf(scope: Construct, stage: StageConfig): string {
  return Stack.of(scope).formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: stateMachineNameOf(stage),
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

/**
 * The escrow state machine, from the same ASL file the local Step Functions runs
 * (statemachines/escrow.asl.json): one Standard execution per contract, its Task states backed by
 * the task functions of lambdas/tasks.ts, every execution logged at level ALL with its data for
 * finance, traced with X-Ray, and an alarm when an execution fails or times out.
 *
 * A deploy never changes the code under a running execution. Each Task calls the version of its
 * function published by the deploy (its ARN substituted into the definition), never $LATEST; an
 * execution keeps the definition it started with for its whole life (up to 300 days), so it keeps
 * calling the versions of its deploy. Those versions are therefore never deleted by CloudFormation
 * (RETAIN), and the role every execution shares may invoke every published version of the task
 * functions, the old ones included (docs/deploy.md: deploys and running executions).
 */
export class EscrowWorkflow extends Construct {
  readonly stateMachine: StateMachine;
  /** The formatted ARN the functions are given (the same as `stateMachine.stateMachineArn`). */
  readonly stateMachineArn: string;
  /** Where every execution's history goes, kept past the 90 days Step Functions keeps executions. */
  readonly executionLogs: LogGroup;
  /** Task functions by ASL state name. */
  readonly functions: ReadonlyMap<string, EscrowFunction>;
  /** The version of each task function this deploy published, by ASL state name: what the definition calls. */
  readonly versions: ReadonlyMap<string, IVersion>;
  /** Fires when any execution fails or times out. */
  readonly failedExecutionsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: EscrowWorkflowProps) {
    super(scope, id);
    const { stage, data } = props;
    this.stateMachineArn = stateMachineArnOf(this, stage);

    const settings = {
      stage: stage.name,
      tableName: data.table.tableName,
      mailFrom: stage.mailFrom,
      appUrl: props.appUrl,
      stateMachineArn: this.stateMachineArn,
    };
    const environmentFor = environmentByWrites(settings, props.realtime);
    const functions = new Map<string, EscrowFunction>();
    for (const task of taskTable) {
      const writes = task.permissions.table === 'readWrite';
      const fn = new EscrowFunction(this, `${task.functionId ?? task.state}Task`, {
        entry: taskEntry(task),
        stage,
        purpose: `task:${task.state}`,
        data,
        tableAccess: task.permissions.table ?? 'none',
        tableKeys: task.permissions.tableKeys,
        // A task runs inside the execution, not behind the HTTP API: its own timeout.
        timeout: Duration.seconds(30),
        environment: environmentFor(writes),
        // Capacity of its own: a flood of the API cannot leave the workflow's steps none.
        reservedConcurrentExecutions: stage.lambdaConcurrency.perTask,
        // Executions started before a deploy still call the versions of theirs.
        currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      });
      fn.grantListed(task.permissions, {
        secrets: props.secrets,
        mailFrom: stage.mailFrom,
        stateMachineArn: this.stateMachineArn,
      });
      if (writes) props.realtime.grantPublish(fn);
      if (task.permissions.evidence) {
        if (task.permissions.evidence !== 'retention')
          throw new Error(`Task ${task.state}: a task may only start the retention of evidence files`);
        props.evidence.grantRetention(fn);
        for (const [name, value] of Object.entries(props.evidence.environment)) fn.addEnvironment(name, value);
      }
      functions.set(task.state, fn);
    }
    this.functions = functions;
    this.versions = new Map([...functions].map(([state, fn]) => [state, fn.currentVersion]));

    const logs = new LogGroup(this, 'ExecutionLogs', {
      // Step Functions vends logs to groups under /aws/vendedlogs/ without a resource policy size limit.
      // The name ends with the stack's own id: a retained group of a deleted stack keeps its name,
      // and a stack created again makes a new group instead of failing on the old one.
      logGroupName: `/aws/vendedlogs/states/${stateMachineNameOf(stage)}-${Fn.select(2, Fn.split('/', Stack.of(this).stackId))}`,
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    this.executionLogs = logs;
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName: stateMachineNameOf(stage),
      stateMachineType: StateMachineType.STANDARD,
      // Inline (not an S3 asset): the template shows the very definition the local Step Functions runs.
      definitionBody: DefinitionBody.fromString(readFileSync(escrowDefinitionPath, 'utf8')),
      definitionSubstitutions: Object.fromEntries(
        taskTable.map((task) => [taskSubstitution(task), (this.versions.get(task.state) as IVersion).functionArn]),
      ),
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    // Every execution, whatever deploy started it, runs as this one role, and a deploy rewrites its
    // policy in place: naming only this deploy's versions would refuse older executions their steps.
    // So: any published version of the task functions.
    const taskFunctions = [...functions.values()];
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        sid: 'PublishedTaskVersions',
        actions: ['lambda:InvokeFunction'],
        resources: taskFunctions.map((fn) => `${fn.functionArn}:*`),
      }),
    );
    // Executions started before the definition named versions call the bare functions. Remove this
    // statement once none of them is open: 300 days after the first deploy that published versions.
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        sid: 'ExecutionsStartedBeforeVersions',
        actions: ['lambda:InvokeFunction'],
        resources: taskFunctions.map((fn) => fn.functionArn),
      }),
    );

    this.failedExecutionsAlarm = new Alarm(this, 'FailedExecutions', {
      alarmDescription: 'An escrow execution failed or timed out: its contract is stuck. Read its history (README: finance).',
      metric: new MathExpression({
        expression: 'failed + timedOut',
        usingMetrics: {
          failed: this.stateMachine.metricFailed({ statistic: 'Sum' }),
          timedOut: this.stateMachine.metricTimedOut({ statistic: 'Sum' }),
        },
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const role = this.stateMachine.role;
    for (const fn of functions.values()) {
      acknowledgeWildcardResource(
        role,
        `${fn.functionArn}:*`,
        "Every published version of a task function of lambdas/tasks.ts: executions started before a deploy call their deploy's versions.",
      );
    }
    acknowledgeWildcardResource(
      role,
      '*',
      'Step Functions needs the logs:*LogDelivery* and X-Ray actions on resource * to deliver execution logs and traces; AWS does not scope them to a log group.',
    );
  }
}
