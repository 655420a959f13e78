import { useLocation, useParams } from 'react-router-dom';
import { CreatedContract } from '../../features/contracts/created-contract';

/** The create form navigates here with `{ created: true }` (and whom it invited) in the navigation state. */
export function MyCreatedContractPage() {
  const { contractId = '' } = useParams();
  const state = useLocation().state as { created?: boolean; invitedEmail?: string } | null;
  return <CreatedContract contractId={contractId} justCreated={state?.created === true} invitedEmail={state?.invitedEmail} />;
}
