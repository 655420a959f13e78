import type { ContractView } from '@escrow/api/contracts';
import type { ContractAnalytics, PayoutView } from '@escrow/api/payouts';
import { describeConversion, nairaCurrency } from '@escrow/domain/conversion';
import { formatAmount, platformFeeBasisPoints } from '@escrow/domain/money';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/contract-status';
import { Alert } from '../../components/ui/alert';
import { IdDetail } from '../../components/ui/copy-button';
import { NotLoadedPage } from '../../components/ui/not-loaded-page';
import { Detail, Details, linkClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useLoad } from '../../lib/use-load';
import { getContractAnalytics } from './api';
import { ConfirmPayoutRate } from './confirm-payout-rate';
import { payoutPageMessages, payoutStatusLabels, releasePollMs } from './messages';
import {
  bankLine,
  hasBankDetails,
  NoBankDetails,
  nairaQuote,
  type OnReleased,
  ownCurrencyOption,
  RateUnavailable,
  ReleaseForm,
} from './release-funds';

const backToList = (
  <Link to={paths.viewContracts.getHref()} className={secondaryLinkButtonClass}>
    Back to My Contracts
  </Link>
);

function loadFailure(error: unknown): string {
  // A refusal without the server's own words (e.g. from a gateway) still says why.
  if (error instanceof ApiError && error.status === 403 && !error.fromServer) return payoutPageMessages.analyticsCreatorOnly;
  return failureMessage(error, payoutPageMessages.loadFailed);
}

/**
 * `/contract-analytics/{id}` (spec §2 "Creator's contract views"): what was paid, the platform's
 * fee, the payout and where it goes, and the Release Funds action once the payer is satisfied.
 * While the release is under way the page asks again every 5 seconds, so 'completed' appears by itself.
 */
export function ContractAnalyticsView({ contractId }: { contractId: string }) {
  const load = useCallback(() => getContractAnalytics(contractId), [contractId]);
  const [state, setData] = useLoad(load);
  // New figures (a new rate) without a loading state, so the release form and its words stay.
  const reload = useCallback(async () => setData(await load()), [load, setData]);
  const [notice, setNotice] = useState<string | null>(null);
  const status = state.status === 'loaded' ? state.data.contract.status : undefined;

  useEffect(() => {
    if (status !== 'releasing') return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      timer = setTimeout(async () => {
        try {
          const next = await getContractAnalytics(contractId);
          if (active) setData(next);
        } catch {
          // A missed check changes nothing: the next one asks again.
        }
        if (active) poll();
      }, releasePollMs);
    };
    poll();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [status, contractId, setData]);

  if (state.status !== 'loaded') {
    return <NotLoadedPage title="Contract Analytics" actions={backToList} state={state} failure={loadFailure} />;
  }

  const { contract, payout } = state.data;
  return (
    <Page title="Contract Analytics" actions={backToList}>
      <Details>
        <Detail label="Title">{contract.title}</Detail>
        <Detail label="Status">
          <StatusBadge status={contract.status} />
        </Detail>
        <IdDetail label="Contract ID" id={contract.id} />
        <Detail label="Contract value">{formatAmount(contract.value_minor, contract.currency)}</Detail>
      </Details>
      <PayoutSummary contract={contract} payout={payout} />
      {notice && <Alert tone="success">{notice}</Alert>}
      <ReleaseSection
        contract={contract}
        payout={payout}
        reload={reload}
        onReleased={(message, released) => {
          setNotice(message);
          setData((previous: ContractAnalytics) => ({ ...previous, contract: released }));
        }}
      />
    </Page>
  );
}

function PayoutSummary({ contract, payout }: { contract: ContractView; payout: PayoutView }) {
  // Before the release these are the server's plan (releasing all that was paid); after it, what was released.
  const amount = (minor: number) => formatAmount(minor, contract.currency);
  // Once released, a dollar contract's payout may go to the seller's dollar account, in dollars, instead of the naira one.
  const toOwnCurrency = payout.destination_currency !== undefined && payout.destination_currency !== nairaCurrency;
  return (
    <Section title="Payout">
      <Details>
        <Detail label="Amount paid">{amount(contract.amount_paid_minor)}</Detail>
        <Detail label={`Platform fee (${platformFeeBasisPoints / 100}%)`}>{amount(payout.fee_minor)}</Detail>
        <Detail label="Your payout">
          <span className="text-lg font-bold">{amount(payout.payout_minor)}</span>
        </Detail>
        <Detail label="Payout status">
          {payout.waiting_for === 'rate'
            ? payoutPageMessages.waitingForRate
            : (payoutStatusLabels[payout.status] ?? payout.status)}
        </Detail>
        {payout.reference && (
          <Detail label="Payout reference">
            <code>{payout.reference}</code>
          </Detail>
        )}
        {payout.conversion && (
          // Before the release the provider's rate now; once the transfer is made, the rate and naira it was sent at.
          <Detail label={payout.status === 'paid' ? 'Paid to your naira account' : 'To your naira account'}>
            {describeConversion(payout.conversion, contract.currency)}
          </Detail>
        )}
        {payout.provider_message && <Detail label="Provider message">{payout.provider_message}</Detail>}
        {payout.paid_at && <Detail label="Paid on">{formatDate(payout.paid_at)}</Detail>}
        <Detail label={toOwnCurrency ? 'Paid to your dollar account' : 'Destination bank'}>
          {hasBankDetails(payout) ? (
            <span>{bankLine(payout)}</span>
          ) : (
            <span>
              No bank details on file.{' '}
              <Link to={paths.bankInfo.getHref(paths.contractAnalytics.getHref(contract.id))} className={linkClass}>
                Add Bank Information
              </Link>
            </span>
          )}
        </Detail>
      </Details>
    </Section>
  );
}

function ReleaseSection({
  contract,
  payout,
  reload,
  onReleased,
}: {
  contract: ContractView;
  payout: PayoutView;
  reload: () => Promise<void>;
  onReleased: OnReleased;
}) {
  // The rate fell beyond the tolerance before the transfer: the payout waits for the seller's confirmation, here too.
  if (contract.status === 'releasing' && payout.waiting_for === 'rate') return <ConfirmPayoutRate contract={contract} />;
  if (contract.status === 'releasing') {
    return <p className="text-gray-700 dark:text-gray-300">The payout is under way. This page updates by itself.</p>;
  }
  if (contract.status === 'completed') return null;
  if (contract.status !== 'payer_marked_satisfied') {
    return <Alert tone="warning">{payoutPageMessages.notSatisfied(contract.status)}</Alert>;
  }
  const here = paths.contractAnalytics.getHref(contract.id);
  if (!hasBankDetails(payout)) return <NoBankDetails returnTo={here} />;
  const quote = nairaQuote(contract, payout, reload);
  const own = ownCurrencyOption(contract, payout);
  // Without a rate nothing can go to naira; the dollar account needs none.
  if (quote === null && !own) return <RateUnavailable onRetry={reload} />;
  return <ReleaseForm contractId={contract.id} returnTo={here} onReleased={onReleased} quote={quote ?? undefined} own={own} />;
}
