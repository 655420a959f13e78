import { useParams } from 'react-router-dom';
import { MyContractDetails } from '../../features/contracts/my-contract-details';
import { ConfirmPayoutRate } from '../../features/payouts/confirm-payout-rate';
import { ReleaseFunds } from '../../features/payouts/release-funds';

/** `/my-contract-details/{contractId}`: the seller's contract, with the release of the funds (payouts) where it is their turn, and the confirmation of a rate that moved before the payout was sent. */
export function MyContractDetailsPage() {
  const { contractId = '' } = useParams();
  return <MyContractDetails contractId={contractId} release={ReleaseFunds} rateConfirmation={ConfirmPayoutRate} />;
}
