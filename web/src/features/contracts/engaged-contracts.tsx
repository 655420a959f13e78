import type { ContractView } from '@escrow/api/contracts';
import { isPayable } from '@escrow/domain/escrow-contract';
import { formatAmount } from '@escrow/domain/money';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Loading, linkButtonClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { useLoad } from '../../lib/use-load';
import { getContract, listEngagedContracts, markContractCompleted } from './api';
import { mayMarkCompleted } from './completion';
import { ContractList } from './contract-list';
import { contractPageMessages } from './messages';
import { personName } from './people';

/** Contracts the user accepted or paid for (spec §2 "Creator's contract views"), where the payer marks them completed. */
export function EngagedContracts() {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [state, setContracts] = useLoad(useCallback(() => listEngagedContracts(), []));
  const [marking, setMarking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [confirming, setConfirming] = useState<{ contract: ContractView; seller: string | null } | null>(null);

  /** Asks first, naming what is released and to whom: the seller's name is read with the contract. */
  function askToMarkCompleted(contract: ContractView) {
    setConfirming({ contract, seller: null });
    getContract(contract.id)
      .then(({ people }) =>
        setConfirming((asking) =>
          asking?.contract.id === contract.id ? { contract, seller: personName(people, contract.creator_id) } : asking,
        ),
      )
      .catch(() => undefined); // the dialog then says "the seller"
  }

  async function markCompleted(contract: ContractView) {
    setConfirming(null);
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
              {contract.delivered_at && (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  Delivered: {contract.delivery_note}
                  {contract.status === 'delivered' && contract.inspection_ends_at && (
                    <> (inspection ends {formatDateTime(contract.inspection_ends_at)})</>
                  )}
                </p>
              )}
              {mayMarkCompleted(contract, userId) && (
                <Button onClick={() => askToMarkCompleted(contract)} disabled={marking !== null}>
                  {marking === contract.id ? 'Marking...' : 'Mark as Completed'}
                </Button>
              )}
            </>
          )}
        />
      )}
      {confirming && (
        <Dialog
          title="Mark as Completed?"
          actions={
            <>
              <Button variant="secondary" onClick={() => void markCompleted(confirming.contract)}>
                Yes, Mark as Completed
              </Button>
              <Button onClick={() => setConfirming(null)}>Not Yet</Button>
            </>
          }
        >
          <p>
            This tells {confirming.seller ?? 'the seller'} you are satisfied with "{confirming.contract.title}": they can then
            release {formatAmount(confirming.contract.amount_paid_minor, confirming.contract.currency)} held in escrow to their
            bank account. Only confirm once you have received what you paid for.
          </p>
        </Dialog>
      )}
    </Page>
  );
}
