import { useParams, useSearchParams } from 'react-router-dom';
import { PaymentFailed } from '../../features/payments/payment-outcome';

/** `/payment-failed/{contractId}`, `?refunding=1` when the payment goes back to the payer. */
export function PaymentFailedPage() {
  const { contractId = '' } = useParams();
  const [search] = useSearchParams();
  return <PaymentFailed contractId={contractId} refunding={search.get('refunding') === '1'} />;
}
