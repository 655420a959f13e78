import { useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Page } from '../../components/ui/page';
import { ContractOffer } from '../../features/contracts/contract-offer';
import { useAuth } from '../../lib/auth';

/** Spec §8 "Contracts and templates": what this view says to someone who is not signed in. */
const signedOutMessage = 'You must be logged in to view contract details.';

/**
 * `/contracts/{id}`: the contract with Accept / Reject. The login guard around every protected
 * route normally sends a signed-out person to `/login` first (spec §2); this is the page's own
 * answer when it is rendered without one, and then it asks the server nothing.
 */
export function ContractPage() {
  const { contractId = '' } = useParams();
  const { state } = useAuth();
  if (state.status === 'signedOut') {
    return (
      <Page title="Contract">
        <Alert tone="error">{signedOutMessage}</Alert>
      </Page>
    );
  }
  return <ContractOffer contractId={contractId} />;
}
