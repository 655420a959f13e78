import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type MoneyFlow, type MoneyMetric, metricsNamespace, metricsService } from '../domain/money-metrics';
import { envNames } from './env';
import { logger } from './logger';

let metrics: Metrics | undefined;

/**
 * Counts `count` of a money event (domain/money-metrics.ts) now, as one EMF line of the function's
 * log (Powertools Metrics: no API call, no latency). Never throws: what it counts is already written.
 */
export function countMoneyEvent(name: MoneyMetric, count = 1): void {
  try {
    metrics ??= new Metrics({
      namespace: metricsNamespace,
      serviceName: metricsService,
      defaultDimensions: { stage: process.env[envNames.stage] ?? 'local' },
    });
    metrics.singleMetric().addMetric(name, MetricUnit.Count, count);
  } catch (error) {
    logger.warn('Metric not written', { name, error: error as Error });
  }
}

/**
 * Counts the money a written posting moved (domain/money-metrics.ts `flowsOf`), in minor units of
 * `currency`, as one EMF line. Never throws: the posting is already written.
 */
export function countMoneyFlows(flows: Partial<Record<MoneyFlow, number>>, currency: string): void {
  const moved = Object.entries(flows) as Array<[MoneyFlow, number]>;
  if (moved.length === 0) return;
  try {
    const line = new Metrics({
      namespace: metricsNamespace,
      serviceName: metricsService,
      defaultDimensions: { stage: process.env[envNames.stage] ?? 'local', currency },
    });
    for (const [flow, amount] of moved) line.addMetric(flow, MetricUnit.Count, amount);
    line.publishStoredMetrics();
  } catch (error) {
    logger.warn('Money metrics not written', { error: error as Error });
  }
}
