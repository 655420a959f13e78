import { useParams } from 'react-router-dom';
import { ContractOffer } from '../../features/contracts/contract-offer';

/** `/contracts/{id}`: the contract with Accept / Reject. */
export function ContractPage() {
  const { contractId = '' } = useParams();
  return <ContractOffer contractId={contractId} />;
}
