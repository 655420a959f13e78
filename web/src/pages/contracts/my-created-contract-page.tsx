import { useLocation, useParams } from 'react-router-dom';
import type { CreatedState } from '../../features/contracts/create-contract-form';
import { CreatedContract } from '../../features/contracts/created-contract';

/** The create form navigates here with `{ created: true }` (and whom it invited, and whether it was emailed) in the navigation state. */
export function MyCreatedContractPage() {
  const { contractId = '' } = useParams();
  const state = useLocation().state as Partial<CreatedState> | null;
  return (
    <CreatedContract
      contractId={contractId}
      justCreated={state?.created === true}
      invitedEmail={state?.invitedEmail}
      invitationEmailed={state?.invitationEmailed !== false}
    />
  );
}
