import { isPayable } from '@escrow/domain/escrow-contract';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Loading, linkButtonClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { useLoad } from '../../lib/use-load';
import { listEngagedContracts } from './api';
import { mayMarkCompleted } from './completion';
import { ContractList } from './contract-list';
import { MarkCompletedAction, useMarkCompleted } from './mark-completed';
import { contractPageMessages } from './messages';

/** Contracts the user accepted or paid for (spec §2 "Creator's contract views"), where the payer marks them completed. */
export function EngagedContracts() {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [state, setContracts] = useLoad(useCallback(() => listEngagedContracts(), []));
  const completion = useMarkCompleted((updated) =>
    setContracts((contracts) => contracts.map((c) => (c.id === updated.id ? updated : c))),
  );

  return (
    <Page title="Engaged Contracts">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{contractPageMessages.loadListFailed}</Alert>}
      {state.status === 'loaded' && state.data.length === 0 && (
        <p className="text-gray-600 dark:text-gray-400">You have not accepted or paid for any contracts yet.</p>
      )}
      {completion.notice && <Alert tone="success">{completion.notice}</Alert>}
      {completion.error && <Alert tone="error">{completion.error}</Alert>}
      {state.status === 'loaded' && state.data.length > 0 && (
        <ContractList
          contracts={state.data}
          titleHref={(contract) => paths.contract.getHref(contract.id)}
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
                <MarkCompletedAction contract={contract} marking={completion.marking} onAsk={() => completion.ask(contract)} />
              )}
            </>
          )}
        />
      )}
      {completion.dialog}
    </Page>
  );
}
