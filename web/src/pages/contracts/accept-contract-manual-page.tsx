import { useParams } from 'react-router-dom';
import { AcceptContractSearch } from '../../features/contracts/accept-contract-search';

/** `/accept-contract-manual/{id?}`: find a private contract by its ID and accept it. */
export function AcceptContractManualPage() {
  const { contractId = '' } = useParams();
  return <AcceptContractSearch contractId={contractId} />;
}
