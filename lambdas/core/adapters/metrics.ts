import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import {
  type MoneyFlow,
  type MoneyMetric,
  type MoneyWaiting,
  type MoneyWaitingForCustomers,
  metricsNamespace,
  metricsService,
  providerShortfall,
} from '../domain/money-metrics';
import { envNames } from './env';
import { logger } from './logger';

/**
 * Writes `counts` now as one EMF line of the function's log (Powertools Metrics: no API call, no
 * latency), in the namespace and with the dimensions the stage's alarms and dashboard read (the
 * stage, and `dimensions`). Never throws: what it counts is already written.
 */
function writeMetrics(counts: ReadonlyArray<[string, number]>, dimensions: Record<string, string> = {}): void {
  if (counts.length === 0) return;
  try {
    const line = new Metrics({
      namespace: metricsNamespace,
      serviceName: metricsService,
      defaultDimensions: { stage: process.env[envNames.stage] ?? 'local', ...dimensions },
    });
    for (const [name, count] of counts) line.addMetric(name, MetricUnit.Count, count);
    line.publishStoredMetrics();
  } catch (error) {
    logger.warn('Metrics not written', { names: counts.map(([name]) => name), error: error as Error });
  }
}

/** Counts `count` of a money event (domain/money-metrics.ts `moneyMetrics`), which pages ops. */
export function countMoneyEvent(name: MoneyMetric, count = 1): void {
  writeMetrics([[name, count]]);
}

/**
 * How many of each wait now (domain/money-metrics.ts `moneyWaiting` for ops, `moneyWaitingForCustomers`),
 * zero included so their alarms clear.
 */
export function countMoneyWaiting(waiting: Record<MoneyWaiting | MoneyWaitingForCustomers, number>): void {
  writeMetrics(Object.entries(waiting) as Array<[MoneyWaiting | MoneyWaitingForCustomers, number]>);
}

/** How far the provider falls short of what customers are owed in `currency`, in its minor units (0 included, so the alarm clears). */
export function countProviderShortfall(shortfallMinor: number, currency: string): void {
  writeMetrics([[providerShortfall.name, shortfallMinor]], { currency });
}

/** The customers' money the ledger holds at a day's end (escrow, suspense, refunds on their way), in minor units of `currency`. */
export function countMoneyHeld(heldMinor: number, currency: string): void {
  writeMetrics([['MoneyHeld', heldMinor]], { currency });
}

/** Counts the money a written posting moved (domain/money-metrics.ts `flowsOf`), in minor units of `currency`. */
export function countMoneyFlows(flows: Partial<Record<MoneyFlow, number>>, currency: string): void {
  writeMetrics(Object.entries(flows) as Array<[MoneyFlow, number]>, { currency });
}
