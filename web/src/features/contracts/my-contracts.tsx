import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Loading, linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { listMyContracts } from './api';
import { ContractList } from './contract-list';
import { payoutEntry } from './fund-release';
import { contractPageMessages } from './messages';

/** The contracts the user created (spec §2 "Creator's contract views"). */
export function MyContracts() {
  const [state] = useLoad(useCallback(() => listMyContracts(), []));
  return (
    <Page
      title="My Contracts"
      actions={
        <Link to={paths.createContractPrompt.getHref()} className={linkButtonClass}>
          Create Contract
        </Link>
      }
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{contractPageMessages.loadListFailed}</Alert>}
      {state.status === 'loaded' && state.data.length === 0 && (
        <p className="text-gray-600 dark:text-gray-400">You have not created any contracts yet.</p>
      )}
      {state.status === 'loaded' && state.data.length > 0 && (
        <ContractList
          contracts={state.data}
          actions={(contract) => (
            <>
              {payoutEntry(contract.status) === 'release' && (
                <Link to={paths.contractAnalytics.getHref(contract.id)} className={linkButtonClass}>
                  Fund Release
                </Link>
              )}
              {payoutEntry(contract.status) === 'payout' && (
                <Link to={paths.contractAnalytics.getHref(contract.id)} className={secondaryLinkButtonClass}>
                  Payout details
                </Link>
              )}
              <Link to={paths.myContractDetails.getHref(contract.id)} className={secondaryLinkButtonClass}>
                View Details
              </Link>
            </>
          )}
        />
      )}
    </Page>
  );
}
