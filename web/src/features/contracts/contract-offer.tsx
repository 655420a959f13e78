import type { ContractForAcceptor, ContractWithPeople } from '@escrow/api/contracts';
import { payersOf } from '@escrow/domain/escrow-contract';
import { formatAmount } from '@escrow/domain/money';
import { useCallback, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { StatusBadge } from '../../components/contract-status';
import { InspectionWindowDetail, TitleAndDescription, WhatYouPay } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Detail, Details, Loading, linkClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useLoad } from '../../lib/use-load';
import { useAcceptContract } from './accept-contract';
import { getContract, getContractForAcceptor, rejectContract } from './api';
import { BuyerContract } from './buyer-contract';
import { contractPageMessages } from './messages';

type ContractPageData =
  | { kind: 'offer'; offer: ContractForAcceptor; yours: boolean }
  | { kind: 'deal'; deal: ContractWithPeople };

/**
 * What `/contracts/{id}` shows `userId`: a pending contract's offer; once it was accepted, the deal
 * itself to its buyer (the named acceptor or a payer). Its seller (the offer says who asks) is
 * sent to their own page of it; anyone else sees the offer's summary.
 */
async function loadContractPage(contractId: string, userId: string): Promise<ContractPageData> {
  const offer = await getContractForAcceptor(contractId);
  const yours = offer.is_seller === true;
  if (offer.status === 'pending' || yours) return { kind: 'offer', offer, yours };
  try {
    const deal = await getContract(contractId);
    if (payersOf(deal.contract).includes(userId)) return { kind: 'deal', deal };
    return { kind: 'offer', offer, yours: false };
  } catch {
    // Not a party (403): the offer's summary is all this person may see.
    return { kind: 'offer', offer, yours: false };
  }
}

/**
 * `/contracts/{id}`: a pending contract with Accept / Reject (spec §2 "Finding and accepting";
 * Accept is the accept page's flow), and once accepted, the buyer's view of the deal.
 */
export function ContractOffer({ contractId }: { contractId: string }) {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [state] = useLoad(useCallback(() => loadContractPage(contractId, userId), [contractId, userId]));

  if (state.status === 'loaded' && state.data.kind === 'deal') return <BuyerContract deal={state.data.deal} />;
  // The seller opening the share link (or an email's) lands on their own page of the contract.
  if (state.status === 'loaded' && state.data.kind === 'offer' && state.data.yours)
    return <Navigate to={paths.myContractDetails.getHref(contractId)} replace />;
  return (
    <Page title="Contract">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && (
        <Alert tone="error">{failureMessage(state.error, contractPageMessages.notFoundOrError)}</Alert>
      )}
      {state.status === 'loaded' && state.data.kind === 'offer' && (
        <Offer initial={state.data.offer} contractId={contractId} yours={state.data.yours} />
      )}
    </Page>
  );
}

function Offer({ initial, contractId, yours }: { initial: ContractForAcceptor; contractId: string; yours: boolean }) {
  const [offer, setOffer] = useState(initial);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The offer as it is now: the seller may edit it while this page is open.
  const acceptance = useAcceptContract(setError, offer, setOffer);
  const working = acceptance.accepting || rejecting;

  async function reject() {
    setError(null);
    setRejecting(true);
    try {
      const { contract } = await rejectContract(contractId);
      setOffer((previous) => ({ ...previous, status: contract.status }));
      setNotice(contractPageMessages.rejected);
    } catch (failure) {
      setError(failureMessage(failure, contractPageMessages.rejectFailed));
    } finally {
      setRejecting(false);
    }
  }

  return (
    <>
      <Details>
        <TitleAndDescription title={offer.title} description={offer.description} />
        <Detail label="Value">{formatAmount(offer.value_minor, offer.currency)}</Detail>
        {offer.milestones && offer.milestones.length > 0 && (
          // What the buyer funds at once is delivered and paid out in these parts, in order.
          <Detail label="Milestones">
            <ol className="space-y-1">
              {offer.milestones.map((m) => (
                <li key={m.number}>
                  {m.number}. {m.title}: {formatAmount(m.amount_minor, offer.currency)}
                </li>
              ))}
            </ol>
          </Detail>
        )}
        <WhatYouPay
          seller={offer.seller_name}
          amountMinor={offer.value_minor}
          payNowMinor={offer.value_minor}
          currency={offer.currency}
        />
        <InspectionWindowDetail days={offer.inspection_days} forBuyer />
        <Detail label="Status">
          <StatusBadge status={offer.status} />
        </Detail>
      </Details>
      {yours && (
        <Link to={paths.myContractDetails.getHref(contractId)} className={linkClass}>
          View your contract details
        </Link>
      )}
      {notice && <Alert tone="info">{notice}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {offer.status === 'pending' && !notice && (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => acceptance.start(offer)} disabled={working}>
            {acceptance.accepting ? 'Accepting...' : 'Accept'}
          </Button>
          <Button variant="secondary" onClick={() => void reject()} disabled={working}>
            {rejecting ? 'Rejecting...' : 'Reject'}
          </Button>
        </div>
      )}
      {acceptance.policyDialog}
    </>
  );
}
