import { payoutFigures } from '../../domain/payout';
import { updatePayout } from '../../entities/payout';
import { loadPayout, payoutSummary } from './record';

/**
 * PreparePayout: the payout's figures (the one platformFee on what is released) and its one
 * reference are fixed at the release; this moves it to `transferring` and hands them on. Safe to repeat.
 */
export async function preparePayout(contractId: string) {
  const payout = await loadPayout(contractId);
  const figures = payoutFigures(payout.released_minor);
  if (figures.fee_minor !== payout.fee_minor || figures.payout_minor !== payout.payout_minor)
    throw new Error(`Payout figures of ${contractId} do not add up`);
  if (payout.status === 'preparing') {
    await updatePayout(contractId, payout, { status: 'transferring' });
  }
  return payoutSummary(payout);
}
