import { formatAmount } from '@escrow/domain/money';
import { amountDue, takesCurrency } from '@escrow/domain/payment';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { TitleAndDescription, WhatYouPay } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { IdDetail } from '../../components/ui/copy-button';
import { Detail, Details, Loading, linkButtonClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { personName } from '../../lib/people';
import { useLoad } from '../../lib/use-load';
import { getContract } from './api';
import { contractPageMessages } from './messages';
import { PaidSoFar } from './payment-progress';
import { contractTotalMinor } from './progress';

/** The payer's summary before checkout (spec §2 "Payment"). */
export function EscrowPaymentSummary({ contractId }: { contractId: string }) {
  const [state] = useLoad(useCallback(() => getContract(contractId), [contractId]));

  return (
    <Page title="Escrow Payment">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && (
        <Alert tone="error">{failureMessage(state.error, contractPageMessages.loadDetailsFailed)}</Alert>
      )}
      {state.status === 'loaded' && (
        <>
          <Details>
            <IdDetail label="Contract ID" id={state.data.contract.id} />
            <TitleAndDescription title={state.data.contract.title} description={state.data.contract.description} />
            <Detail label="Total amount held in escrow">
              <span className="text-xl font-bold">
                {formatAmount(contractTotalMinor(state.data.contract), state.data.contract.currency)}
              </span>
              {/* The total is what escrow will hold once paid: beside it, what it holds now. */}
              <PaidSoFar paidMinor={state.data.contract.amount_paid_minor} currency={state.data.contract.currency} />
            </Detail>
            <WhatYouPay
              seller={personName(state.data.people, state.data.contract.creator_id)}
              amountMinor={contractTotalMinor(state.data.contract)}
              payNowMinor={amountDue({
                total_amount_minor: contractTotalMinor(state.data.contract),
                amount_paid_minor: state.data.contract.amount_paid_minor,
              })}
              currency={state.data.contract.currency}
            />
          </Details>
          <div className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
            <h2 className="font-semibold">Payment tips</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Check the contract ID, title and amount before you pay.</li>
              <li>Your money stays in escrow until you mark the contract as completed.</li>
              {/* Not for a contract the checkout offers no bank transfer for (a dollar contract is paid by card). */}
              {takesCurrency('bank_transfer', state.data.contract.currency) && (
                <li>Bank transfers are usually confirmed within 2-5 minutes.</li>
              )}
              <li>Never pay the seller directly outside this platform.</li>
              <li>Need help? Our support team replies within 5-13 minutes.</li>
            </ul>
          </div>
          <Link to={paths.customCheckout.getHref(state.data.contract.id)} className={linkButtonClass}>
            Proceed to Secure Checkout
          </Link>
        </>
      )}
    </Page>
  );
}
