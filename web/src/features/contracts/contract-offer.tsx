import { formatAmount } from '@escrow/domain/money';
import { useCallback, useState } from 'react';
import { StatusBadge } from '../../components/contract-status';
import { TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Detail, Details, Loading, Page } from '../../components/ui/page';
import { failureMessage } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { useAcceptContract } from './accept-contract';
import { getContractForAcceptor, rejectContract } from './api';
import { contractPageMessages } from './messages';

/** A contract by its ID with Accept / Reject (spec §2 "Finding and accepting"); Accept is the accept page's flow. */
export function ContractOffer({ contractId }: { contractId: string }) {
  const [state, setContract] = useLoad(useCallback(() => getContractForAcceptor(contractId), [contractId]));
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const acceptance = useAcceptContract(setError);
  const working = acceptance.accepting || rejecting;

  async function reject() {
    setError(null);
    setRejecting(true);
    try {
      const { contract } = await rejectContract(contractId);
      setContract((previous) => ({ ...previous, status: contract.status }));
      setNotice(contractPageMessages.rejected);
    } catch (failure) {
      setError(failureMessage(failure, contractPageMessages.rejectFailed));
    } finally {
      setRejecting(false);
    }
  }

  return (
    <Page title="Contract">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && (
        <Alert tone="error">{failureMessage(state.error, contractPageMessages.notFoundOrError)}</Alert>
      )}
      {state.status === 'loaded' && (
        <>
          <Details>
            <TitleAndDescription title={state.data.title} description={state.data.description} />
            <Detail label="Value">{formatAmount(state.data.value_minor, state.data.currency)}</Detail>
            <Detail label="Status">
              <StatusBadge status={state.data.status} />
            </Detail>
          </Details>
          {notice && <Alert tone="info">{notice}</Alert>}
          {error && <Alert tone="error">{error}</Alert>}
          {state.data.status === 'pending' && !notice && (
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => acceptance.start(state.data)} disabled={working}>
                {acceptance.accepting ? 'Accepting...' : 'Accept'}
              </Button>
              <Button variant="secondary" onClick={() => void reject()} disabled={working}>
                {rejecting ? 'Rejecting...' : 'Reject'}
              </Button>
            </div>
          )}
          {acceptance.policyDialog}
        </>
      )}
    </Page>
  );
}
