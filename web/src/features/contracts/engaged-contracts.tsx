import { isPayable } from '@escrow/domain/escrow-contract';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Loading, linkButtonClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { listEngagedContracts } from './api';
import { ContractList } from './contract-list';
import { contractPageMessages } from './messages';

/** Contracts the user accepted or paid for (spec §2 "Creator's contract views"). */
export function EngagedContracts() {
  const [state] = useLoad(useCallback(() => listEngagedContracts(), []));
  return (
    <Page title="Engaged Contracts">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{contractPageMessages.loadListFailed}</Alert>}
      {state.status === 'loaded' && state.data.length === 0 && (
        <p className="text-gray-600 dark:text-gray-400">You have not accepted or paid for any contracts yet.</p>
      )}
      {state.status === 'loaded' && state.data.length > 0 && (
        <ContractList
          contracts={state.data}
          actions={(contract) =>
            isPayable(contract.status) ? (
              <Link to={paths.escrowPayment.getHref(contract.id)} className={linkButtonClass}>
                Proceed to Payment
              </Link>
            ) : null
          }
        />
      )}
    </Page>
  );
}
