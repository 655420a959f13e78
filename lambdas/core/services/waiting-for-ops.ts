import { logger } from '../adapters/logger';
import { countMoneyWaiting } from '../adapters/metrics';
import { listPayoutsWaitingForOps } from '../entities/payout';
import { listRefundLegsAwaitingBankDetails, listRefundLegsWaitingForOps, type RefundLeg } from '../entities/refund';
import { executionsWaitingForOps } from './execution-holds';
import { overdueLegs } from './refunds/reminders';

/** What waits now, by reference: for ops (paged), and for customers (told, and reminded). */
export interface Waiting {
  payouts: string[];
  refunds: string[];
  /** Executions waiting for ops at a step that could not go on: `<execution> at <state>`. */
  executions: string[];
  payoutsAwaitingBankDetails: string[];
  /** Refunds waiting for their buyer's bank account, and those of them waiting over 7 days (paged). */
  refundsAwaitingBankDetails: string[];
  refundsAwaitingBankDetailsOver7Days: string[];
}

/**
 * What waits now: the payouts and refund legs that failed for good, by reference, counted as
 * PayoutsWaitingForOps and RefundsWaitingForOps; the executions waiting at a step that could not go
 * on, counted as ExecutionsWaitingForOps; the refunds waiting for their buyer's bank account,
 * counted as RefundsAwaitingBankDetails (the buyer is reminded, nobody paged) and, once one has
 * waited 7 days, as RefundsAwaitingBankDetailsOver7Days, which pages. Zero included, so their
 * alarms clear; logged by reference by the sweep on every run. A settlement's payout made
 * before its seller had bank details waits for the seller, who was told, possibly for weeks: it is
 * listed apart and not counted, so it neither keeps the alarm raised nor hides the next payout that
 * does fail. A payout waiting for its seller to confirm a moved exchange rate is not counted either.
 * Answers the waiting legs too, for the reminders.
 */
export async function countWaitingForOps(now = new Date()): Promise<Waiting & { awaitingLegs: RefundLeg[] }> {
  const [payouts, refunds, executions, awaiting] = await Promise.all([
    listPayoutsWaitingForOps(),
    listRefundLegsWaitingForOps(),
    executionsWaitingForOps(),
    listRefundLegsAwaitingBankDetails(),
  ]);
  // One waiting for its seller to confirm a moved rate is the seller's to move on, not ops'.
  const forOps = payouts.filter((p) => p.account_number !== '' && p.waiting_for !== 'rate');
  const overdue = overdueLegs(awaiting, now.getTime());
  countMoneyWaiting({
    PayoutsWaitingForOps: forOps.length,
    RefundsWaitingForOps: refunds.length,
    ExecutionsWaitingForOps: executions.length,
    RefundsAwaitingBankDetailsOver7Days: overdue.length,
    RefundsAwaitingBankDetails: awaiting.length,
  });
  const waiting: Waiting = {
    payouts: forOps.map((p) => p.reference),
    refunds: refunds.map((r) => r.reference),
    executions: executions.map((h) => `${h.execution_name} at ${h.state}`),
    payoutsAwaitingBankDetails: payouts.filter((p) => p.account_number === '').map((p) => p.reference),
    refundsAwaitingBankDetails: awaiting.map((r) => r.reference),
    refundsAwaitingBankDetailsOver7Days: overdue.map((r) => r.reference),
  };
  if (forOps.length + refunds.length + executions.length + overdue.length > 0)
    logger.warn('Money waiting for ops', { ...waiting });
  return { ...waiting, awaitingLegs: awaiting };
}
