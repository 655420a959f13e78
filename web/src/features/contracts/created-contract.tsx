import { contractMessages } from '@escrow/domain/escrow-contract';
import { formatAmount } from '@escrow/domain/money';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/contract-status';
import { TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { IdDetail } from '../../components/ui/copy-button';
import { Detail, Details, Loading, linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { timings } from '../../lib/constants';
import { formatDate } from '../../lib/format';
import { personName } from '../../lib/people';
import { useLoad } from '../../lib/use-load';
import { getContract } from './api';
import { contractPageMessages } from './messages';
import { ShareContract } from './share-link';

/**
 * Where a creator lands after creating a contract (spec §2 "Contract creation"); `justCreated`
 * shows the banner, `invitedEmail` whether the buyer was emailed the link (`invitationEmailed`;
 * said alike whether that email has an account), or that the creator must send it themselves
 * (their invitation emails for the hour are used up, or the address stopped emails from them).
 * The share link hands the deal to the buyer.
 */
export function CreatedContract({
  contractId,
  justCreated,
  invitedEmail,
  invitationEmailed = true,
}: {
  contractId: string;
  justCreated: boolean;
  invitedEmail?: string;
  invitationEmailed?: boolean;
}) {
  const [banner, setBanner] = useState(justCreated);
  const [state] = useLoad(useCallback(() => getContract(contractId), [contractId]));

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(false), timings.createdBannerMs);
    return () => clearTimeout(timer);
  }, [banner]);

  return (
    <Page title="Your Contract">
      {banner && <Alert tone="success">{contractPageMessages.created}</Alert>}
      {invitedEmail &&
        (invitationEmailed ? (
          <Alert tone="info">{contractMessages.invitationSent(invitedEmail)}</Alert>
        ) : (
          <Alert tone="warning">{contractMessages.invitationNotEmailed(invitedEmail)}</Alert>
        ))}
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && (
        <Alert tone="error">{failureMessage(state.error, contractPageMessages.loadDetailsFailed)}</Alert>
      )}
      {state.status === 'loaded' && (
        <>
          <p className="text-gray-700 dark:text-gray-300">
            Share the Contract ID with the acceptor so they can find and accept it, or send them the link.
          </p>
          <ShareContract contract={state.data.contract} />
          <Details>
            <IdDetail label="Contract ID" id={state.data.contract.id} />
            <TitleAndDescription title={state.data.contract.title} description={state.data.contract.description} />
            <Detail label="Value">{formatAmount(state.data.contract.value_minor, state.data.contract.currency)}</Detail>
            <Detail label="Currency">{state.data.contract.currency}</Detail>
            <Detail label="Status">
              <StatusBadge status={state.data.contract.status} />
            </Detail>
            <Detail label="Created">{formatDate(state.data.contract.created_at)}</Detail>
            <Detail label="Accepted by">
              {state.data.contract.accepted_by.length === 0
                ? 'Not accepted yet.'
                : state.data.contract.accepted_by.map((id) => personName(state.data.people, id)).join(', ')}
            </Detail>
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
