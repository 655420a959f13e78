import { useParams } from 'react-router-dom';
import { EscrowPaymentSummary } from '../../features/contracts/escrow-payment-summary';

export function EscrowPaymentPage() {
  const { contractId = '' } = useParams();
  return <EscrowPaymentSummary contractId={contractId} />;
}
