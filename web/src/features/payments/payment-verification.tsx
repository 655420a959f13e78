import { Link, Navigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Loading, linkButtonClass, linkClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { paymentPageMessages, paymentPolling } from './messages';
import { usePaymentStatusPoll } from './use-payment-status-poll';

export interface PaymentVerificationProps {
  txRef: string | null;
  contractId: string | null;
  /** What the provider said when it sent the payer back (`status`); only cancelled and failed are taken at its word. */
  providerStatus: string | null;
}

/**
 * Where the provider sends the payer back (spec §2 "Payment", §4): verifying, then the success
 * page, or the delayed state after 24 checks. Success is only ever the server's word.
 */
export function PaymentVerification({ txRef, contractId, providerStatus }: PaymentVerificationProps) {
  if (!txRef || !contractId) {
    return (
      <Page title="Payment Verification">
        <Alert tone="error">{paymentPageMessages.referenceMissing}</Alert>
        <Link to={paths.dashboard.getHref()} className={linkButtonClass}>
          Go to Dashboard
        </Link>
      </Page>
    );
  }
  if (providerStatus === 'cancelled') return <Navigate to={paths.paymentCancelled.getHref(contractId)} replace />;
  if (providerStatus === 'failed') return <Navigate to={paths.paymentFailed.getHref(contractId)} replace />;
  return <VerifyingPayment txRef={txRef} />;
}

function VerifyingPayment({ txRef }: { txRef: string }) {
  const poll = usePaymentStatusPoll({
    txRef,
    maxAttempts: paymentPolling.maxVerificationAttempts,
    checkImmediately: true,
  });

  if (poll.exhausted) {
    return (
      <Page title={paymentPageMessages.delayedTitle}>
        <p>
          We have not received confirmation of your payment yet. If you completed it, it will appear on the contract as soon as
          the payment provider confirms it. Check your Engaged Contracts again in a few minutes.
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-400">Reference: {txRef}</p>
        {poll.error && <Alert tone="error">{poll.error}</Alert>}
        <div className="flex flex-wrap items-center gap-4">
          <Link to={paths.engagedContracts.getHref()} className={linkButtonClass}>
            Go to Engaged Contracts
          </Link>
          <Link to={paths.support.getHref()} className={linkClass}>
            Contact Support
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Verifying Payment">
      <Loading>Please wait while we confirm your payment. Do not close this page.</Loading>
      {poll.error && <Alert tone="error">{poll.error}</Alert>}
    </Page>
  );
}
