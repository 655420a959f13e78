import { useParams } from 'react-router-dom';
import { CustomCheckout } from '../../features/payments/custom-checkout';

/** `/custom-checkout/{contractId}`: pay into escrow by bank transfer, card or OPay. */
export function CustomCheckoutPage() {
  const { contractId = '' } = useParams();
  return <CustomCheckout contractId={contractId} />;
}
