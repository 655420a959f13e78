import { logger } from '../../adapters/logger';
import { bankDetailsOf } from '../../entities/profile';
import {
  getRefundLeg,
  isOpenRefund,
  listOpenRefundLegs,
  listRefundLegs,
  listRefundsAwaitingBankDetails,
  type RefundLeg,
} from '../../entities/refund';
import { directToBank, moveRefundTransfer } from './bank-transfer';
import { moveProviderRefund } from './provider-refund';

/**
 * Refund legs on their way back to the payer (ARCHITECTURE §5b), moved on from wherever a leg
 * stands: through the provider's refund of the payer's own payment (./provider-refund.ts), or by
 * transfer to their bank account when the provider takes no refund of it (./bank-transfer.ts).
 * Every caller that writes a leg, the workflow's AwaitRefunds and the sweep send them here;
 * the provider's answers arrive through ./webhook.ts.
 */

/** What a worker may move a leg through in one go: claim, ask, record, complete. */
const stepsPerRun = 6;

/**
 * Moves one leg as far as it can go now, step by step while it moves: through the provider's
 * refund (asked when pending, followed up once asked) or its bank transfer, and confirmed once the
 * provider says it is done. Safe to run any number of times, from anywhere, at once: each step is
 * conditional on the leg as read.
 */
export async function sendRefund(contractId: string, legName: string): Promise<RefundLeg> {
  let leg = await getRefundLeg(contractId, legName);
  if (!leg) throw new Error(`No refund leg ${legName} on contract ${contractId}`);
  for (let step = 0; step < stepsPerRun; step++) {
    const before = leg;
    if (leg.status === 'pending' || leg.status === 'requested') leg = await moveProviderRefund(leg);
    else if (leg.status === 'transferring') leg = await moveRefundTransfer(leg);
    const moved =
      leg.status !== before.status ||
      leg.attempts !== before.attempts ||
      leg.provider_refund_id !== before.provider_refund_id ||
      leg.transfer_status !== before.transfer_status;
    if (!moved) break;
  }
  return leg;
}

/**
 * Asks the provider for a refund leg just written. The leg stands: a failure here is logged, not
 * thrown, and the sweep (lambdas/schedules/money-sweep.ts) moves it on.
 */
export async function sendRefundNow(contractId: string, leg: string): Promise<void> {
  await sendRefund(contractId, leg).catch((error: unknown) =>
    logger.warn('Refund not sent yet', { contractId, leg, error: error as Error }),
  );
}

/**
 * AwaitRefunds: moves every open refund leg of one contract as far as it goes now (its webhook or
 * the sweep may be quicker). A leg's failure is logged and left for the next run.
 */
export async function sendContractRefunds(contractId: string): Promise<void> {
  const legs = await listRefundLegs(contractId);
  for (const leg of legs.filter((l) => isOpenRefund(l.status))) {
    await sendRefundNow(contractId, leg.leg);
  }
}

/** The sweep's pass: every leg still owed, moved as far as it goes. One leg's failure does not stop the others. */
export async function sendOpenRefunds(): Promise<{ open: number; completed: number; failed: number; waiting: number }> {
  const legs = await listOpenRefundLegs();
  const tally = { open: legs.length, completed: 0, failed: 0, waiting: 0 };
  for (const leg of legs) {
    try {
      const now = await sendRefund(leg.contract_id, leg.leg);
      if (now.status === 'completed') tally.completed++;
      else if (now.status === 'failed') tally.failed++;
      else tally.waiting++;
    } catch (error) {
      tally.waiting++;
      logger.error('Refund leg not moved', { reference: leg.reference, error: error as Error });
    }
  }
  return tally;
}

/**
 * After a payer saves their bank account: every refund of theirs waiting for one goes there now
 * (a new transfer reference per account). Answers how many were sent on. One leg's failure is
 * logged and left to the sweep.
 */
export async function sendRefundsToBankOf(payerId: string): Promise<number> {
  const waiting = await listRefundsAwaitingBankDetails(payerId);
  if (waiting.length === 0) return 0;
  const onFile = await bankDetailsOf(payerId);
  if (!onFile) return 0;
  // Every leg is pointed at the account before any is sent: a request cut short half-way leaves
  // them transferring, which the sweep moves on, never waiting for a save already made.
  const directed: RefundLeg[] = [];
  for (const leg of waiting) {
    const now = await directToBank(leg, onFile);
    if (now) directed.push(now);
  }
  for (const leg of directed) await sendRefundNow(leg.contract_id, leg.leg);
  return directed.length;
}
