import type { ContractView } from '@escrow/api/contracts';
import { paymentMessages } from '@escrow/api/payments';
import type { Currency } from '@escrow/domain/money';
import { amountDue, type PaymentMethod, takesCurrency } from '@escrow/domain/payment';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { WhatYouPay } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Detail, Details, Loading, linkClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { getCheckoutContract } from './api';
import { BankTransferTab } from './bank-transfer-tab';
import { CardTab } from './card-tab';
import { paymentPageMessages } from './messages';
import { OpayTab } from './opay-tab';

/**
 * What is still to pay, for the summary only: what is charged is what the server records when a
 * payment starts. The total is the value while the server has recorded none.
 */
function amountDueMinor(contract: Pick<ContractView, 'total_amount_minor' | 'value_minor' | 'amount_paid_minor'>): number {
  // A contract nobody started paying may have no total recorded yet: its value is what is due.
  const total_amount_minor = contract.total_amount_minor > 0 ? contract.total_amount_minor : contract.value_minor;
  return amountDue({ total_amount_minor, amount_paid_minor: contract.amount_paid_minor });
}

/** `/custom-checkout/{id}` (spec §2 "Payment"): the summary, the three ways to pay, support and an FAQ. */
export function CustomCheckout({ contractId }: { contractId: string }) {
  const [state] = useLoad(useCallback(() => getCheckoutContract(contractId), [contractId]));

  return (
    <Page title="Secure Checkout">
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && (
        <Alert tone="error">{failureMessage(state.error, paymentPageMessages.loadContractFailed)}</Alert>
      )}
      {state.status === 'loaded' && (
        <>
          <Details>
            <Detail label="Contract">{state.data.title}</Detail>
            <WhatYouPay
              seller={state.data.seller_name}
              amountMinor={state.data.total_amount_minor > 0 ? state.data.total_amount_minor : state.data.value_minor}
              payNowMinor={amountDueMinor(state.data)}
              currency={state.data.currency}
            />
          </Details>
          <PaymentMethods contractId={state.data.id} title={state.data.title} currency={state.data.currency} />
        </>
      )}
      <CheckoutHelp bankTransfer={state.status !== 'loaded' || takesCurrency('bank_transfer', state.data.currency)} />
    </Page>
  );
}

const methods = [
  { key: 'bank', label: 'Bank Transfer', method: 'bank_transfer' },
  { key: 'card', label: 'Card', method: 'card' },
  { key: 'opay', label: 'OPay', method: 'opay' },
] as const satisfies readonly { key: string; label: string; method: PaymentMethod }[];
type Method = (typeof methods)[number]['key'];

/**
 * The tabs of the ways that take the contract's currency: all three for naira; the card alone
 * for dollars, euros and pounds, with one sentence of why (bank transfer and OPay are naira only).
 * A tab's panel starts when first opened and then stays mounted while hidden, so switching tabs
 * neither asks for a second transfer account nor stops watching the first.
 */
function PaymentMethods({ contractId, title, currency }: { contractId: string; title: string; currency: Currency }) {
  const id = useId();
  const offered = methods.filter(({ method }) => takesCurrency(method, currency));
  const first = offered[0]?.key ?? 'card';
  const [active, setActive] = useState<Method>(first);
  const [opened, setOpened] = useState<ReadonlySet<Method>>(() => new Set([first]));

  function open(method: Method) {
    setActive(method);
    setOpened((previous) => (previous.has(method) ? previous : new Set([...previous, method])));
  }

  const panels: Record<Method, ReactNode> = {
    bank: <BankTransferTab contractId={contractId} />,
    card: <CardTab contractId={contractId} title={title} />,
    opay: <OpayTab contractId={contractId} />,
  };

  return (
    <div className="rounded-lg border border-gray-200 dark:border-gray-800">
      {offered.every(({ key }) => key === 'card') && <p className="px-4 pt-3">{paymentMessages.cardOnly(currency)}</p>}
      <div role="tablist" aria-label="Payment method" className="flex border-b border-gray-200 dark:border-gray-800">
        {offered.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={active === key}
            aria-controls={`${id}-panel-${key}`}
            onClick={() => open(key)}
            className={`flex-1 px-4 py-3 font-semibold ${
              active === key
                ? 'border-b-2 border-emerald-600 text-emerald-700 dark:text-emerald-400'
                : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {offered
        .filter(({ key }) => opened.has(key))
        .map(({ key }) => (
          <div
            key={key}
            role="tabpanel"
            id={`${id}-panel-${key}`}
            aria-labelledby={`${id}-tab-${key}`}
            hidden={active !== key}
            className="p-4"
          >
            {panels[key]}
          </div>
        ))}
    </div>
  );
}

/** Support and the FAQ; the bank-transfer question only where a bank transfer is offered. */
function CheckoutHelp({ bankTransfer }: { bankTransfer: boolean }) {
  return (
    <>
      <p className="text-sm">
        Having trouble paying?{' '}
        <Link to={paths.support.getHref()} className={linkClass}>
          Contact Support
        </Link>{' '}
        - we usually reply within 5-13 minutes.
      </p>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">Frequently asked questions</h2>
        <Faq question="How does escrow protect me?">
          Your money is held in escrow, not paid to the seller. The seller is paid only after you mark the contract as completed,
          so you never pay for something you did not receive.
        </Faq>
        {bankTransfer && (
          <Faq question="How long does a bank transfer take to confirm?">
            Usually 2-5 minutes. Keep this page open: it moves on by itself once your transfer is confirmed.
          </Faq>
        )}
        <Faq question="Is my card safe?">
          Card details are entered on our payment provider's secure form and never pass through this site.
        </Faq>
      </div>
    </>
  );
}

function Faq({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="rounded-md border border-gray-200 px-4 py-2 dark:border-gray-800">
      <summary className="cursor-pointer font-medium">{question}</summary>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{children}</p>
    </details>
  );
}
