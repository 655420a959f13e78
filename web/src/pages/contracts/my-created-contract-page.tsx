import { useLocation, useParams } from 'react-router-dom';
import { CreatedContract } from '../../features/contracts/created-contract';

/** The create form navigates here with `{ created: true }` in the navigation state. */
export function MyCreatedContractPage() {
  const { contractId = '' } = useParams();
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  return <CreatedContract contractId={contractId} justCreated={justCreated} />;
}
