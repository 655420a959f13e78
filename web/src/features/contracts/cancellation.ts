import type { ContractView } from '@escrow/api/contracts';
import type { DisputeSide } from '@escrow/domain/dispute';
import { ConflictError } from '@escrow/domain/errors';
import { cancellationBy, transitionTarget } from '@escrow/domain/escrow-contract';

/**
 * What the cancellation section offers `side` now: `cancel` (the seller, or the buyer of a contract
 * only partly paid once its funding window ended: refunded at once), `request` (the buyer asks the
 * seller to cancel), `requested` (the buyer's side already asked: nothing to do but wait), or
 * `none` (not cancellable: unfunded, delivered, disputed or over). The domain's `cancellationBy`
 * decides, as on the server, which decides again.
 */
export type CancelOffer = 'cancel' | 'request' | 'requested' | 'none';

/**
 * The web does not know the stage's time scale (config.json does not carry it), so the funding
 * window is read in real time, as in AWS. Under a compressed local time scale the buyer may still
 * see "Ask the seller to cancel" after the window ended: the server then cancels at once and says so.
 */
const realTime = 1;

export function cancelOffer(
  contract: Pick<ContractView, 'status' | 'accepted_at' | 'created_at' | 'cancellation_requested_by'>,
  side: DisputeSide,
  now: number,
): CancelOffer {
  if (transitionTarget(contract.status, 'cancel') === undefined) return 'none';
  try {
    return cancellationBy(contract, side, now, realTime);
  } catch (error) {
    // With the status cancellable, the one refusal left is a request that already stands.
    if (error instanceof ConflictError) return 'requested';
    throw error;
  }
}
