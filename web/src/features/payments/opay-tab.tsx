import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { initiateOpayPayment } from './api';
import { paymentPageMessages } from './messages';

/** Only a web address is followed: the browser is sent wherever the link points. */
function isWebLink(link: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

/** OPay: the server starts the payment and the browser goes to the provider's payment page. */
export function OpayTab({ contractId }: { contractId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { paymentLink } = await initiateOpayPayment(contractId);
      if (!paymentLink) {
        setError(paymentPageMessages.opayLinkMissing);
      } else if (!isWebLink(paymentLink)) {
        setError(paymentPageMessages.opayFailed);
      } else {
        // Stays busy: the page is being left.
        window.location.assign(paymentLink);
        return;
      }
    } catch (failure) {
      setError(failureMessage(failure, paymentPageMessages.opayFailed));
    }
    setBusy(false);
  }

  return (
    <div className="space-y-4">
      <p>Pay from your OPay wallet. You will be taken to OPay to approve the payment.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button onClick={() => void pay()} disabled={busy}>
        {busy ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4" />
            Redirecting...
          </span>
        ) : (
          'Pay with OPay'
        )}
      </Button>
    </div>
  );
}
