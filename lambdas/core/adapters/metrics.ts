import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type MoneyMetric, metricsNamespace, metricsService } from '../domain/money-metrics';
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
