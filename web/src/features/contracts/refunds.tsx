import type { RefundView } from '@escrow/api/refunds';
import { describeConversion } from '@escrow/domain/conversion';
import { formatAmount } from '@escrow/domain/money';
import { useCallback, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { tapTargetClass } from '../../components/ui/button';
import { Detail, Details, linkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { usePollWhile } from '../../lib/use-poll-while';
import { getRefunds } from './api';

type Account = NonNullable<RefundView['to']>;
const account = (to: Account) => `${to.account_name}, ${to.bank_name} ${to.account_number}`;

/** The refunds section's texts, in one place. */
export const refundTexts = {
  heading: 'Refunds',
  inNairaLabel: 'In naira',
  reasons: {
    excess: 'Paid beyond what was due',
    not_payable: 'Paid when the contract took no more payments',
    wrong_currency: 'Paid in another currency than the contract’s',
    cancellation: 'Contract cancelled',
    settlement: 'Dispute settled',
  } satisfies Record<RefundView['reason'], string>,
  onItsWay: 'On its way back to you',
  onItsWayTo: (to: Account) => `On its way to ${account(to)}`,
  refunded: 'Refunded to you',
  sentTo: (to: Account) => `Sent to ${account(to)}`,
  withSupport: 'Our team is looking into this refund; your money is safe.',
  awaitingBankDetails:
    'We could not send this back to the card or account you paid with. Add your bank account in My Account and it is sent there.',
  addBankAccount: 'Add Bank Account',
} as const;

/** A refund still to arrive: it moves on its own, or once the buyer saves a bank account (on another page or tab). */
const unsettled = (refund: RefundView) => refund.status === 'on_its_way' || refund.status === 'awaiting_bank_details';

/**
 * The caller's refunds on the contract, asked for again whenever the page's contract was (its
 * `revision` moved: a change announced, the window focused again, a cancellation or settlement
 * made here), and every few seconds while any is unsettled, so each turns "Refunded" by itself.
 * What is shown stays while it is asked for again. A failed load shows nothing: the refunds add
 * to the page, which must work without them.
 */
function useRefunds(contractId: string, revision: number): RefundView[] {
  const load = useCallback(() => getRefunds(contractId), [contractId]);
  const [state, setRefunds] = useLoad(load);
  const moving = state.status === 'loaded' && state.data.some(unsettled);
  // A change can ask while a timed check is on its way: only the latest answer counts.
  const asked = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const fresh = await load();
      if (mine === asked.current) setRefunds(fresh);
    } catch {
      // A missed check changes nothing: the next change or check asks again.
    }
  }, [load, setRefunds]);

  const firstRevision = useRef(revision);
  useEffect(() => {
    // The first load is useLoad's.
    if (revision !== firstRevision.current) void reload();
  }, [revision, reload]);

  usePollWhile(moving, reload);

  return state.status === 'loaded' ? state.data : [];
}

/**
 * The buyer's refunds on a contract (overpayment, cancellation, a dispute's settlement): how much,
 * why, and where each stands. Nothing while there are none. `revision` is the page's
 * (use-live-contract.ts): each move asks for the refunds again.
 */
export function RefundsPanel({ contractId, revision }: { contractId: string; revision: number }) {
  const headingId = useId();
  const refunds = useRefunds(contractId, revision);
  if (refunds.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {refundTexts.heading}
      </h2>
      <ul aria-labelledby={headingId} className="space-y-3">
        {refunds.map((refund) => (
          <li key={refund.leg}>
            <Details>
              <Detail label="Amount">{formatAmount(refund.amount_minor, refund.currency)}</Detail>
              <Detail label="Why">{refundTexts.reasons[refund.reason]}</Detail>
              {/* A dollar, euro or pound refund sent to a naira account: what it is sent as, and at which rate. */}
              {refund.conversion && (
                <Detail label={refundTexts.inNairaLabel}>{describeConversion(refund.conversion, refund.currency)}</Detail>
              )}
              <Detail label="Where it stands">
                <RefundStatus refund={refund} contractId={contractId} />
              </Detail>
            </Details>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Where one refund stands; a bank transfer names the account it goes to. The bank page asked for
 * comes back to this contract, where the refund then moves on by itself.
 */
function RefundStatus({ refund, contractId }: { refund: RefundView; contractId: string }) {
  const to = refund.method === 'bank_transfer' ? refund.to : null;
  switch (refund.status) {
    case 'on_its_way':
      return to ? refundTexts.onItsWayTo(to) : refundTexts.onItsWay;
    case 'refunded':
      return to ? refundTexts.sentTo(to) : refundTexts.refunded;
    case 'with_support':
      return refundTexts.withSupport;
    case 'awaiting_bank_details':
      return (
        <Alert tone="warning">
          <p>{refundTexts.awaitingBankDetails}</p>
          <Link
            to={paths.bankInfo.getHref(paths.contract.getHref(contractId))}
            className={`${linkButtonClass} ${tapTargetClass} mt-3`}
          >
            {refundTexts.addBankAccount}
          </Link>
        </Alert>
      );
  }
}
