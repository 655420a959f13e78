import { logger } from '../adapters/logger';
import { countMoneyWaiting } from '../adapters/metrics';
import { listPayoutsWaitingForOps } from '../entities/payout';
import { listRefundLegsWaitingForOps } from '../entities/refund';
import { executionsWaitingForOps } from './execution-holds';

/** What waits now, by reference: for ops (paged), and payouts waiting for their seller's bank details (told, not paged). */
export interface Waiting {
  payouts: string[];
  refunds: string[];
  /** Executions waiting for ops at a step that could not go on: `<execution> at <state>`. */
  executions: string[];
  payoutsAwaitingBankDetails: string[];
}

/**
 * What waits for ops now: the payouts and refund legs that failed for good, by reference, and the
 * executions waiting at a step that could not go on. Counted as PayoutsWaitingForOps,
 * RefundsWaitingForOps and ExecutionsWaitingForOps (zero included, so their alarms clear) and
 * logged, by the reconciler on every run. A settlement's payout made before its seller had bank
 * details waits for the seller, who was told, possibly for weeks: it is listed apart and not
 * counted, so it neither keeps the alarm raised nor hides the next payout that does fail.
 */
export async function countWaitingForOps(): Promise<Waiting> {
  const [payouts, refunds, executions] = await Promise.all([
    listPayoutsWaitingForOps(),
    listRefundLegsWaitingForOps(),
    executionsWaitingForOps(),
  ]);
  const forOps = payouts.filter((p) => p.account_number !== '');
  countMoneyWaiting({
    PayoutsWaitingForOps: forOps.length,
    RefundsWaitingForOps: refunds.length,
    ExecutionsWaitingForOps: executions.length,
  });
  const waiting = {
    payouts: forOps.map((p) => p.reference),
    refunds: refunds.map((r) => r.reference),
    executions: executions.map((h) => `${h.execution_name} at ${h.state}`),
    payoutsAwaitingBankDetails: payouts.filter((p) => p.account_number === '').map((p) => p.reference),
  };
  if (forOps.length + refunds.length + executions.length > 0) logger.warn('Money waiting for ops', waiting);
  return waiting;
}
