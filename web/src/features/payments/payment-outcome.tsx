import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { paymentPageMessages } from './messages';

function DashboardLink() {
  return (
    <Link to={paths.dashboard.getHref()} className={secondaryLinkButtonClass}>
      Go to Dashboard
    </Link>
  );
}

function TryAgainLink({ contractId }: { contractId: string }) {
  return (
    <Link to={paths.customCheckout.getHref(contractId)} className={linkButtonClass}>
      Try Again
    </Link>
  );
}

/** `/payment-success/{id}?tx_ref=`: the money is in escrow. */
export function PaymentSuccess({ contractId, txRef }: { contractId: string; txRef: string | null }) {
  return (
    <Page title="Payment Successful">
      <Alert tone="success">
        Your payment was received. The funds are held securely in escrow and are released to the seller only after you mark the
        contract as completed.
      </Alert>
      <p className="text-sm text-gray-600 dark:text-gray-400">Contract ID: {contractId}</p>
      {txRef && <p className="text-sm text-gray-600 dark:text-gray-400">Reference: {txRef}</p>}
      <div className="flex flex-wrap gap-3">
        <Link to={paths.engagedContracts.getHref()} className={linkButtonClass}>
          View in Engaged Contracts
        </Link>
        <DashboardLink />
      </div>
    </Page>
  );
}

/** `/payment-cancelled/{id}`: the payer stopped; nothing was funded. */
export function PaymentCancelled({ contractId }: { contractId: string }) {
  return (
    <Page title="Payment Cancelled">
      <Alert tone="warning">The payment was cancelled. The contract has not been funded.</Alert>
      <div className="flex flex-wrap gap-3">
        <TryAgainLink contractId={contractId} />
        <DashboardLink />
      </div>
    </Page>
  );
}

/** `/payment-failed/{id}` (the spec names the page, not its route). */
export function PaymentFailed({ contractId, refunding = false }: { contractId: string; refunding?: boolean }) {
  return (
    <Page title="Payment Failed">
      <Alert tone="error">{paymentPageMessages.failed}</Alert>
      {refunding && <Alert tone="info">{paymentPageMessages.refunding}</Alert>}
      <div className="flex flex-wrap gap-3">
        {!refunding && <TryAgainLink contractId={contractId} />}
        <DashboardLink />
      </div>
    </Page>
  );
}
