import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { type ScheduleDefinition, scheduleEntry, schedules as scheduleTable } from '../lambdas/schedules';
import { pascalCase } from './api';
import type { EscrowData } from './data';
import { EscrowFunction } from './function';
import { environmentByWrites, type RealtimePublishing } from './realtime';
import type { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';

export interface EscrowSchedulesProps {
  /** Stage settings: log retention, removal policy, sender address. */
  readonly stage: StageConfig;
  readonly data: EscrowData;
  /** Public URL of the web app (APP_URL of the functions). */
  readonly appUrl: string;
  readonly secrets: EscrowSecrets;
  /**
   * The escrow state machine's formatted ARN (`EscrowWorkflow.stateMachineArn`), for the schedules
   * that answer its callback tasks: a string, not the resource, so granting makes no cycle.
   */
  readonly stateMachineArn: string;
  /** AppSync Events: the schedules that write the table publish what they wrote (lambdas/core/entities/table.ts). */
  readonly realtime: RealtimePublishing;
  /** The schedules to run. @default the schedules table of lambdas/schedules.ts */
  readonly schedules?: readonly ScheduleDefinition[];
}

/**
 * The schedules table's functions: one function per entry, bundled and granted like the task
 * functions (exactly what its entry lists), and an EventBridge rule invoking it every
 * `rateMinutes`. Their errors and throttles are alarmed like every other function's
 * (lib/monitoring.ts finds every EscrowFunction of the stage).
 */
export class EscrowSchedules extends Construct {
  /** Schedule functions by schedule name. */
  readonly functions: ReadonlyMap<string, EscrowFunction>;
  /** The EventBridge rules by schedule name. */
  readonly rules: ReadonlyMap<string, Rule>;

  constructor(scope: Construct, id: string, props: EscrowSchedulesProps) {
    super(scope, id);
    const { stage, data } = props;
    const settings = {
      stage: stage.name,
      tableName: data.table.tableName,
      mailFrom: stage.mailFrom,
      appUrl: props.appUrl,
      stateMachineArn: props.stateMachineArn,
    };
    const environmentFor = environmentByWrites(settings, props.realtime);

    const functions = new Map<string, EscrowFunction>();
    const rules = new Map<string, Rule>();
    for (const schedule of props.schedules ?? scheduleTable) {
      const name = pascalCase(schedule.name);
      const writes = schedule.permissions.table === 'readWrite';
      const fn = new EscrowFunction(this, `${name}Schedule`, {
        entry: scheduleEntry(schedule),
        stage,
        purpose: `schedule:${schedule.name}`,
        data,
        tableAccess: schedule.permissions.table ?? 'none',
        tableKeys: schedule.permissions.tableKeys,
        // A sweep over stored state, not behind the HTTP API: room for a provider that answers slowly.
        timeout: Duration.seconds(60),
        environment: environmentFor(writes),
      });
      fn.grantListed(schedule.permissions, {
        secrets: props.secrets,
        mailFrom: stage.mailFrom,
        stateMachineArn: props.stateMachineArn,
      });
      if (writes) props.realtime.grantPublish(fn);
      const rule = new Rule(this, `${name}Rule`, {
        description: `Runs the ${schedule.name} schedule (lambdas/schedules.ts) every ${schedule.rateMinutes} minutes.`,
        schedule: Schedule.rate(Duration.minutes(schedule.rateMinutes)),
        targets: [new LambdaFunction(fn)],
      });
      functions.set(schedule.name, fn);
      rules.set(schedule.name, rule);
    }
    this.functions = functions;
    this.rules = rules;
  }
}
