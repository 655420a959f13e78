import { useParams, useSearchParams } from 'react-router-dom';
import { PaymentSuccess } from '../../features/payments/payment-outcome';

/** `/payment-success/{contractId}?tx_ref=`. */
export function PaymentSuccessPage() {
  const { contractId = '' } = useParams();
  const [params] = useSearchParams();
  return <PaymentSuccess contractId={contractId} txRef={params.get('tx_ref')} />;
}
