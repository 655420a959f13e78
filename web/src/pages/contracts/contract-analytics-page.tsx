import { useParams } from 'react-router-dom';
import { ContractAnalyticsView } from '../../features/payouts/contract-analytics';

/** `/contract-analytics/{contractId}`: the creator's payout and Release Funds. */
export function ContractAnalyticsPage() {
  const { contractId = '' } = useParams();
  return <ContractAnalyticsView contractId={contractId} />;
}
