import { useParams } from 'react-router-dom';
import { MyContractDetails } from '../../features/contracts/my-contract-details';

export function MyContractDetailsPage() {
  const { contractId = '' } = useParams();
  return <MyContractDetails contractId={contractId} />;
}
