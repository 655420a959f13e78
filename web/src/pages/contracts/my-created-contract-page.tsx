import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatAmount } from '../../../../lambdas/core/money';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { CopyableId } from '../../components/ui/copy-button';
import { Detail, Details, Loading, linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { getContract } from '../../features/contracts/api';
import { StatusBadge } from '../../features/contracts/contract-status';
import { contractMessages } from '../../features/contracts/messages';
import { TitleAndDescription } from '../../features/contracts/offer-details';
import { failureMessage } from '../../lib/api';
import { timings } from '../../lib/constants';
import { formatDate } from '../../lib/format';
import { useLoad } from '../../lib/use-load';

/** The page a creator lands on after creating a contract (spec §2 "Contract creation"). */
export function MyCreatedContractPage() {
  const { contractId = '' } = useParams();
  const location = useLocation();
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  const [banner, setBanner] = useState(justCreated);
  const [state] = useLoad(useCallback(() => getContract(contractId), [contractId]));

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(false), timings.createdBannerMs);
    return () => clearTimeout(timer);
  }, [banner]);

  return (
    <Page title="Your Contract">
      {banner && <Alert tone="success">{contractMessages.created}</Alert>}
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{failureMessage(state.error, contractMessages.loadDetailsFailed)}</Alert>}
      {state.status === 'loaded' && (
        <>
          <p className="text-gray-700 dark:text-gray-300">
            Share the Contract ID with the acceptor so they can find and accept it.
          </p>
          <Details>
            <Detail label="Contract ID">
              <CopyableId id={state.data.contract.id} />
            </Detail>
            <TitleAndDescription title={state.data.contract.title} description={state.data.contract.description} />
            <Detail label="Value">{formatAmount(state.data.contract.value_minor, state.data.contract.currency)}</Detail>
            <Detail label="Currency">{state.data.contract.currency}</Detail>
            <Detail label="Status">
              <StatusBadge status={state.data.contract.status} />
            </Detail>
            <Detail label="Created">{formatDate(state.data.contract.created_at)}</Detail>
            <Detail label="Accepted by">{state.data.contract.accepted_by.length}</Detail>
          </Details>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.myContractDetails.getHref(state.data.contract.id)} className={linkButtonClass}>
              View Details
            </Link>
            <Link to={paths.dashboard.getHref()} className={secondaryLinkButtonClass}>
              Go to Dashboard
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
