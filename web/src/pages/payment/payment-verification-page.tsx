import { useSearchParams } from 'react-router-dom';
import { PaymentVerification } from '../../features/payments/payment-verification';

/** `/payment-verification?tx_ref=&contractId=`, where the provider appends its own `status`. */
export function PaymentVerificationPage() {
  const [params] = useSearchParams();
  return (
    <PaymentVerification
      txRef={params.get('tx_ref')}
      contractId={params.get('contractId')}
      providerStatus={params.get('status')}
    />
  );
}
