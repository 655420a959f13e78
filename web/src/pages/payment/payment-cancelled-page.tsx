import { useParams } from 'react-router-dom';
import { PaymentCancelled } from '../../features/payments/payment-outcome';

/** `/payment-cancelled/{contractId}`. */
export function PaymentCancelledPage() {
  const { contractId = '' } = useParams();
  return <PaymentCancelled contractId={contractId} />;
}
