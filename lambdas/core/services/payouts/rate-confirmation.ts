import { payoutMessages } from '../../api/payouts';
import { ConflictError, ForbiddenError } from '../../domain/errors';
import { loadContract } from '../../entities/contract';
import { getPayout } from '../../entities/payout';
import { getProfile } from '../../entities/profile';
import { checkPaymentPin } from '../account-settings';
import { resumePayout } from './failure';
import { checkShownRate } from './release';

/**
 * The seller confirms a moved rate: a converted payout whose rate fell beyond the tolerance before
 * its transfer was made waits for them (transfer.ts); with the PIN and the rate they were shown
 * now (checked against the provider's as the release checks it), the payout records it and is
 * resumed exactly as ops resume one (failure.ts), so its transfer converts, and checks, again.
 * Only the creator, only while it waits for them; the same confirmation again changes nothing.
 */
export async function confirmPayoutRate(
  contractId: string,
  sub: string,
  pin: string,
  shownRate: number,
): Promise<{ message: string }> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(payoutMessages.onlyCreatorReleases);
  const profile = await getProfile(sub);
  if (!profile) throw new ConflictError(payoutMessages.notWaitingForRate);
  await checkPaymentPin(profile, pin);
  const payout = await getPayout(contractId);
  if (payout?.status !== 'failed' || payout.waiting_for !== 'rate') {
    // A replay of the confirmation that resumed it (a double click, a retry) is answered as it was.
    if (payout && payout.waiting_for !== 'rate' && payout.confirmed_rate === shownRate && payout.resumes > 0)
      return { message: payoutMessages.rateConfirmed };
    throw new ConflictError(payoutMessages.notWaitingForRate);
  }
  const confirmed_rate = await checkShownRate(payout.currency, shownRate);
  const { resumed } = await resumePayout(contractId, { confirmed_rate });
  // Resumed by someone else first (the same confirmation in another tab, ops): it is on its way all the same.
  if (!resumed && (await getPayout(contractId))?.waiting_for === 'rate')
    throw new ConflictError(payoutMessages.notWaitingForRate);
  return { message: payoutMessages.rateConfirmed };
}
