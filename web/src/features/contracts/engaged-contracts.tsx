import type { ContractView } from '@escrow/api/contracts';
import { isPayable } from '@escrow/domain/escrow-contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading, linkButtonClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useLoad } from '../../lib/use-load';
import { listEngagedContracts, markContractCompleted } from './api';
import { mayMarkCompleted } from './completion';
import { ContractList } from './contract-list';
import { contractPageMessages } from './messages';

/** Contracts the user accepted or paid for (spec §2 "Creator's contract views"), where the payer marks them completed. */
export function EngagedContracts() {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [state, setContracts] = useLoad(useCallback(() => listEngagedContracts(), []));
  const [marking, setMarking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function markCompleted(contract: ContractView) {
    setError(null);
    setNotice(null);
    setMarking(contract.id);
    try {
      const updated = await markContractCompleted(contract.id);
      setContracts((contracts) => contracts.map((c) => (c.id === updated.id ? updated : c)));
      setNotice(contractPageMessages.markedCompleted);
    } catch (failure) {
      setError(failureMessage(failure, contractPageMessages.markCompletedFailed));
    } finally {
      setMarking(null);
    }
  }

  return (
    <Page title="Engaged Contracts">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{contractPageMessages.loadListFailed}</Alert>}
      {state.status === 'loaded' && state.data.length === 0 && (
        <p className="text-gray-600 dark:text-gray-400">You have not accepted or paid for any contracts yet.</p>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {state.status === 'loaded' && state.data.length > 0 && (
        <ContractList
          contracts={state.data}
          actions={(contract) => (
            <>
              {isPayable(contract.status) && (
                <Link to={paths.escrowPayment.getHref(contract.id)} className={linkButtonClass}>
                  Proceed to Payment
                </Link>
              )}
              {mayMarkCompleted(contract, userId) && (
                <Button onClick={() => void markCompleted(contract)} disabled={marking !== null}>
                  {marking === contract.id ? 'Marking...' : 'Mark as Completed'}
                </Button>
              )}
            </>
          )}
        />
      )}
    </Page>
  );
}
