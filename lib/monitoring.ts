import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { currencyCodes, escrowCurrencies } from '../lambdas/core/domain/money';
import {
  type MoneyMetric,
  type MoneyWaiting,
  metricsNamespace,
  metricsService,
  moneyFlows,
  moneyMetrics,
  moneyWaiting,
  moneyWaitingForCustomers,
  providerShortfall,
} from '../lambdas/core/domain/money-metrics';
import type { EscrowFunction } from './function';
import { acknowledge } from './nag';
import type { StageConfig } from './stage-config';

export interface EscrowMonitoringProps {
  readonly stage: StageConfig;
  /** Every function of the stage (routes, tasks, triggers). */
  readonly functions: readonly EscrowFunction[];
  /** The user pool triggers, which Cognito abandons after 5 s. */
  readonly triggers: readonly EscrowFunction[];
  readonly httpApi: HttpApi;
  /** Alarms made elsewhere that ops must also hear about (failed or timed-out executions). */
  readonly otherAlarms: readonly Alarm[];
}

/** CloudWatch alarms take at most 10 metrics in one expression. */
const metricsPerAlarm = 10;
const period = Duration.minutes(5);

/**
 * What ops are told about, on one SNS topic they subscribe to (`AlarmTopic` output), and one
 * dashboard of the same alarms per stage: any function's errors or throttles, the API's 5xx,
 * triggers failing or running near Cognito's 5 s limit, failed or timed-out executions, money
 * stuck, refused or waiting too long, and a provider holding less than customers are owed.
 * Functions are summed ten to an alarm, so the stack does not grow two alarms per function.
 */
export class EscrowMonitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: EscrowMonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `escrow ${props.stage.name} alarms`, enforceSSL: true });
    acknowledge(this.topic, {
      SNS2: 'CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and alarm notifications carry no customer data (names and metric values only).',
    });

    const summed = (name: string, metrics: Metric[], description: string, threshold = 0) =>
      chunks(metrics, metricsPerAlarm).forEach((group, i) => {
        const usingMetrics = Object.fromEntries(group.map((metric, j) => [`m${j}`, metric]));
        this.alarm(`${name}${i + 1}`, {
          metric: new MathExpression({ expression: Object.keys(usingMetrics).join(' + '), usingMetrics, period }),
          threshold,
          description,
        });
      });
    const fns = props.functions;
    summed(
      'FunctionErrors',
      fns.map((fn) => fn.metricErrors({ period, statistic: 'Sum' })),
      'A function failed (an unhandled error).',
    );
    summed(
      'FunctionThrottles',
      fns.map((fn) => fn.metricThrottles({ period, statistic: 'Sum' })),
      'A function was throttled.',
    );
    summed(
      'TriggerErrors',
      props.triggers.map((fn) => fn.metricErrors({ period, statistic: 'Sum' })),
      'A user pool trigger failed: sign-up or sign-in broke for someone.',
    );
    props.triggers.forEach((fn, i) => {
      this.alarm(`TriggerNearTimeout${i + 1}`, {
        metric: fn.metricDuration({ period, statistic: 'Maximum' }),
        threshold: 4_000,
        description: 'A user pool trigger took over 4 s: Cognito gives up at 5 s.',
      });
    });
    this.alarm('Api5xx', {
      metric: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
      threshold: 0,
      description: 'The API answered 5xx.',
    });
    // Money stuck or refused: each event pages ops (the functions count them, adapters/metrics.ts).
    const money = (Object.keys(moneyMetrics) as MoneyMetric[]).map(
      (name) =>
        new Metric({
          namespace: metricsNamespace,
          metricName: name,
          dimensionsMap: { service: metricsService, stage: props.stage.name },
          statistic: 'Sum',
          period,
        }),
    );
    money.forEach((metric) => {
      this.alarm(metric.metricName, { metric, threshold: 0, description: moneyMetrics[metric.metricName as MoneyMetric] });
    });
    // What waits now: gauges the sweep writes every 5 minutes, so an alarm stays raised while
    // a payout or refund waits for ops (or a refund has waited a week for its buyer's bank account).
    const gauge = (name: string, dimensions: Record<string, string> = {}) =>
      new Metric({
        namespace: metricsNamespace,
        metricName: name,
        dimensionsMap: { service: metricsService, stage: props.stage.name, ...dimensions },
        statistic: 'Maximum',
        period: Duration.minutes(15),
      });
    const waiting = (Object.keys(moneyWaiting) as MoneyWaiting[]).map((name) => gauge(name));
    for (const metric of waiting) {
      const name = metric.metricName as MoneyWaiting;
      // A run that wrote nothing (it failed: FunctionErrors pages) leaves the alarm as it was.
      this.alarm(name, { metric, threshold: 0, description: moneyWaiting[name], missingData: TreatMissingData.IGNORE });
    }
    const waitingForCustomers = Object.keys(moneyWaitingForCustomers).map((name) => gauge(name));
    // The provider's balance against what customers are owed, per currency (the sweep writes
    // the currencies customers have money in): one alarm on the worst of them.
    const shortfalls = currencyCodes.map((currency) => gauge(providerShortfall.name, { currency }));
    const usingMetrics = Object.fromEntries(shortfalls.map((metric, i) => [`s${i}`, metric]));
    this.alarm(providerShortfall.name, {
      metric: new MathExpression({
        expression: `MAX([${Object.keys(usingMetrics).join(', ')}])`,
        usingMetrics,
        period: Duration.minutes(15),
        label: 'Shortfall (minor units of its currency)',
      }),
      threshold: 0,
      description: providerShortfall.description,
      missingData: TreatMissingData.IGNORE,
    });
    for (const alarm of props.otherAlarms) alarm.addAlarmAction(new SnsAction(this.topic));
    // The money that moved each day in each escrow currency, in its minor units (the functions count
    // each posting once it is written), and what the ledger holds for customers at each day's end
    // (escrow, suspense, refunds on their way), written by the daily closing (services/reconciliation.ts).
    const day = Duration.days(1);
    const dailyMoney = (currency: string) => [
      ...moneyFlows.map(
        (name) =>
          new Metric({
            namespace: metricsNamespace,
            metricName: name,
            dimensionsMap: { service: metricsService, stage: props.stage.name, currency },
            statistic: 'Sum',
            period: day,
          }),
      ),
      new Metric({
        namespace: metricsNamespace,
        metricName: 'MoneyHeld',
        dimensionsMap: { service: metricsService, stage: props.stage.name, currency },
        statistic: 'Maximum',
        period: day,
        label: 'Held at the day’s end',
      }),
    ];
    // Each currency apart, as the ledger keeps it: its shortfall and its money per day, side by side.
    const perCurrency = escrowCurrencies.map((currency) => [
      new GraphWidget({
        title: `The provider short of what customers are owed (${currency}, minor units)`,
        left: shortfalls.filter((metric) => metric.dimensions?.currency === currency),
        width: 12,
      }),
      new GraphWidget({
        title: `Money per day (${currency}, minor units): in, paid out, refunded, fees, held`,
        left: dailyMoney(currency),
        width: 12,
      }),
    ]);

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `escrow-${props.stage.name}`,
      widgets: [
        [...this.alarms, ...props.otherAlarms].map((alarm) => new AlarmWidget({ alarm, title: alarm.alarmName, width: 8 })),
        [new GraphWidget({ title: 'Money stuck or refused', left: money, width: 24 })],
        [
          new GraphWidget({
            title: 'Waiting: for ops, and refunds for their buyer’s bank account',
            left: [...waiting, ...waitingForCustomers],
            width: 24,
          }),
        ],
        ...perCurrency,
      ],
    });
  }

  /** The dashboard's ARN, for the policies of those who read it (finance). */
  get dashboardArn(): string {
    return this.dashboard.dashboardArn;
  }

  private alarm(
    id: string,
    props: { metric: Metric | MathExpression; threshold: number; description: string; missingData?: TreatMissingData },
  ): void {
    const alarm = new Alarm(this, id, {
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: props.missingData ?? TreatMissingData.NOT_BREACHING,
      alarmDescription: props.description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
