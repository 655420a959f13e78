import { NotFoundError } from '../../domain/errors';
import { getRefundLeg, type RefundLeg, updateRefundLeg } from '../../entities/refund';
import { unconverted } from './bank-transfer';
import { reloadRefundLeg } from './confirmation';
import { refundAttemptLimit } from './provider-refund';

/**
 * Ops resume a leg waiting `failed`, once its cause is fixed with the provider (a balance too low,
 * refunds the provider kept failing): a refund through the provider is asked again, up to
 * {@link refundAttemptLimit} more times; a bank transfer the provider refused is made again to the
 * same account, under the same reference (none was made with it), converted again at the rate
 * then when it is in another currency than naira. The resume counts in `attempts`,
 * which every change of the leg is conditional on, so a worker holding a read from before it
 * cannot write over it. The sweep (every 5 minutes) moves the leg from there; it needs no
 * provider key here. A leg not waiting is left as it is.
 */
export async function resumeRefundLeg(contractId: string, legName: string): Promise<{ resumed: boolean; leg: RefundLeg }> {
  const leg = await getRefundLeg(contractId, legName);
  if (!leg) throw new NotFoundError(`No refund leg ${legName} on contract ${contractId}.`);
  if (leg.status !== 'failed') return { resumed: false, leg };
  const attempts = leg.attempts + 1;
  const resumed = await updateRefundLeg(
    leg,
    leg.method === 'bank_transfer' && leg.destination
      ? { status: 'transferring', attempts, destination: unconverted(leg.destination) }
      : { status: 'pending', attempts, attempt_limit: attempts + refundAttemptLimit },
  );
  return resumed ? { resumed: true, leg: resumed } : { resumed: false, leg: await reloadRefundLeg(leg) };
}
