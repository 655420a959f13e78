import { moved, type Posting, postingFlows } from './ledger';

/**
 * The money metrics: each event that means money is stuck or refused is counted as a CloudWatch
 * metric (adapters/metrics.ts writes them), and lib/monitoring.ts alarms on each to the ops topic.
 * Plain data, no AWS: the functions and the stack read the same names.
 */
export const moneyMetrics = {
  PayoutsFailed: 'A payout failed for good: the seller is not paid until ops resume it (npm run resume-payout).',
  RefundsFailed: 'A refund failed for good: the buyer is owed money until ops act.',
  PaymentsRefused:
    'Money the provider confirmed was not credited to any contract (an unknown currency or payment reference): ops must return it.',
  ReconciliationDifferences:
    'The daily reconciliation found money the ledger and the provider do not agree on: npm run reconcile -- --date <day> lists each with its reference.',
  // Not money itself, but how customers hear of it (every deal step emails both parties) and how a
  // new device signs in (the emailed code): SES's quotas are the first limit the load meets (docs/scale.md).
  EmailsNotSent:
    'SES refused an email (a deal step, a sign-in code, an invitation): most likely the account’s daily quota or sending rate is reached (docs/scale.md). Ask AWS to raise the SES quota; the function’s log says which email ("Email not sent").',
} as const;

export type MoneyMetric = keyof typeof moneyMetrics;

/**
 * What waits for ops now, written by the sweep every few minutes (lambdas/schedules.ts
 * money-sweep) as a gauge: its alarm stays raised for as long as anything waits, not only in
 * the minutes after the event that made it wait.
 */
export const moneyWaiting = {
  PayoutsWaitingForOps: 'A seller’s payout waits for ops (npm run resume-payout): the alarm stays raised until none waits.',
  RefundsWaitingForOps: 'A buyer’s refund waits for ops: the alarm stays raised until none waits.',
  RefundsAwaitingBankDetailsOver7Days:
    'A buyer’s refund has waited over 7 days for their bank account (they were reminded): ops contact them; the sweep’s log and npm run executions -- --since list each by reference.',
  ExecutionsWaitingForOps:
    'A contract’s escrow execution waits at a step that could not go on (it retries by itself, 5 minutes then up to daily): fix the cause, then npm run resume-execution -- <contractId>. The alarm stays raised until none waits.',
} as const;

export type MoneyWaiting = keyof typeof moneyWaiting;

/**
 * What waits for a customer now, written with the gauges above but paged by none: the customer
 * was told and is reminded (lambdas/core/services/refunds/reminders.ts); the dashboard graphs it.
 */
export const moneyWaitingForCustomers = {
  RefundsAwaitingBankDetails: 'Refunds waiting for their buyer’s bank account (the buyer is reminded).',
} as const;

export type MoneyWaitingForCustomers = keyof typeof moneyWaitingForCustomers;

/**
 * How far the provider's balance (with what is on its way to customers) falls short of what
 * customers are owed, in minor units of the `currency` dimension, 0 when it covers it. Written by
 * the sweep every few minutes (services/provider-cover.ts); its alarm pages ops.
 */
export const providerShortfall = {
  name: 'ProviderShortfall',
  description:
    'The provider holds less than customers are owed (held in escrow, suspense owed back, refunds on their way): top up the float and record it (npm run record-top-up); npm run held says by how much.',
} as const;

/** The namespace and the `service` dimension of every money metric; `stage` is the other. */
export const metricsNamespace = 'Escrow';
export const metricsService = 'escrow';

/**
 * The money that moves, per day on the stage's dashboard: paid in, paid out to sellers, refunded
 * to buyers and earned as fees, in minor units, by currency. Counted from each posting once it
 * is written (entities/ledger.ts), so a replay that writes nothing counts nothing.
 */
export const moneyFlows = ['MoneyIn', 'MoneyPaidOut', 'MoneyRefunded', 'Fees'] as const;
export type MoneyFlow = (typeof moneyFlows)[number];

/** What a posting moves, by flow (only the flows it moves; internal moves such as a refund asked for move none). */
export function flowsOf(posting: Pick<Posting, 'kind' | 'lines'>): Partial<Record<MoneyFlow, number>> {
  const { paidInMinor, paidOutMinor, refundedMinor } = postingFlows(posting);
  // The platform's fee is a credit of `fees` (negative), earned when a payout releases it.
  const feesMinor = -moved(posting, 'fees');
  const flowsMoved: Array<[MoneyFlow, number]> = [
    ['MoneyIn', paidInMinor],
    ['MoneyPaidOut', paidOutMinor],
    ['MoneyRefunded', refundedMinor],
    ['Fees', feesMinor],
  ];
  const flows: Partial<Record<MoneyFlow, number>> = {};
  for (const [flow, amount] of flowsMoved) if (amount > 0) flows[flow] = amount;
  return flows;
}
