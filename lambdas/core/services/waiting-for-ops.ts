import { logger } from '../adapters/logger';
import { countMoneyWaiting } from '../adapters/metrics';
import { listPayoutsWaitingForOps } from '../entities/payout';
import { listRefundLegsWaitingForOps } from '../entities/refund';

/**
 * What waits for ops now: the payouts and refund legs that failed for good, by reference. Counted
 * as PayoutsWaitingForOps and RefundsWaitingForOps (zero included, so their alarms clear) and
 * logged, by the reconciler on every run.
 */
export async function countWaitingForOps(): Promise<{ payouts: string[]; refunds: string[] }> {
  const [payouts, refunds] = await Promise.all([listPayoutsWaitingForOps(), listRefundLegsWaitingForOps()]);
  countMoneyWaiting({ PayoutsWaitingForOps: payouts.length, RefundsWaitingForOps: refunds.length });
  const waiting = { payouts: payouts.map((p) => p.reference), refunds: refunds.map((r) => r.reference) };
  if (payouts.length + refunds.length > 0) logger.warn('Money waiting for ops', waiting);
  return waiting;
}
