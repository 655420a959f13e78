/**
 * The money metrics: each event that means money is stuck or refused is counted as a CloudWatch
 * metric (adapters/metrics.ts writes them), and lib/monitoring.ts alarms on each to the ops topic.
 * Plain data, no AWS: the functions and the stack read the same names.
 */
export const moneyMetrics = {
  PayoutsFailed: 'A payout failed for good: the seller is not paid until ops resume it (npm run resume-payout).',
  RefundsFailed: 'A refund failed for good: the buyer is owed money until ops act.',
  PaymentsRefused: 'Money the provider confirmed was not credited to any contract (unknown currency): ops must return it.',
} as const;

export type MoneyMetric = keyof typeof moneyMetrics;

/** The namespace and the `service` dimension of every money metric; `stage` is the other. */
export const metricsNamespace = 'Escrow';
export const metricsService = 'escrow';
