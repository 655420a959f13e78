import { useParams } from 'react-router-dom';
import { PaymentFailed } from '../../features/payments/payment-outcome';

/** `/payment-failed/{contractId}`. */
export function PaymentFailedPage() {
  const { contractId = '' } = useParams();
  return <PaymentFailed contractId={contractId} />;
}
