import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatAmount } from '../../../../lambdas/core/money';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Detail, Details, Loading, Page } from '../../components/ui/page';
import { acceptContract, getContractForAcceptor, rejectContract } from '../../features/contracts/api';
import { StatusBadge } from '../../features/contracts/contract-status';
import { contractMessages } from '../../features/contracts/messages';
import { TitleAndDescription } from '../../features/contracts/offer-details';
import { failureMessage } from '../../lib/api';
import { useLoad } from '../../lib/use-load';

/** A contract by its ID with Accept / Reject (spec §2 "Finding and accepting"). */
export function ContractPage() {
  const { contractId = '' } = useParams();
  const navigate = useNavigate();
  const [state, setContract] = useLoad(useCallback(() => getContractForAcceptor(contractId), [contractId]));
  const [working, setWorking] = useState<'accept' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function accept() {
    setError(null);
    setWorking('accept');
    try {
      await acceptContract(contractId);
      navigate(paths.escrowPayment.getHref(contractId));
    } catch (failure) {
      setError(failureMessage(failure, contractMessages.acceptFailed));
      setWorking(null);
    }
  }

  async function reject() {
    setError(null);
    setWorking('reject');
    try {
      const { contract } = await rejectContract(contractId);
      setContract((previous) => ({ ...previous, status: contract.status }));
      setNotice(contractMessages.rejected);
    } catch (failure) {
      setError(failureMessage(failure, contractMessages.rejectFailed));
    } finally {
      setWorking(null);
    }
  }

  return (
    <Page title="Contract">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{failureMessage(state.error, contractMessages.notFoundOrError)}</Alert>}
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
              <Button onClick={() => void accept()} disabled={working !== null}>
                {working === 'accept' ? 'Accepting...' : 'Accept'}
              </Button>
              <Button variant="secondary" onClick={() => void reject()} disabled={working !== null}>
                {working === 'reject' ? 'Rejecting...' : 'Reject'}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
