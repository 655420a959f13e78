import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Loading, linkButtonClass, Page } from '../../components/ui/page';
import { listEngagedContracts } from '../../features/contracts/api';
import { ContractList } from '../../features/contracts/contract-list';
import { contractMessages } from '../../features/contracts/messages';
import { useLoad } from '../../lib/use-load';

/** Contracts the user accepted or paid for (spec §2 "Creator's contract views"). */
export function EngagedContractsPage() {
  const [state] = useLoad(useCallback(() => listEngagedContracts(), []));
  return (
    <Page title="Engaged Contracts">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{contractMessages.loadListFailed}</Alert>}
      {state.status === 'loaded' && state.data.length === 0 && (
        <p className="text-gray-600 dark:text-gray-400">You have not accepted or paid for any contracts yet.</p>
      )}
      {state.status === 'loaded' && state.data.length > 0 && (
        <ContractList
          contracts={state.data}
          actions={(contract) =>
            contract.status === 'pending' ? (
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
