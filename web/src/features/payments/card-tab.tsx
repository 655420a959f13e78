import type { CardPaymentResponse } from '@escrow/api/payments';
import { toDecimalString } from '@escrow/domain/money';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { startCardPayment } from './api';
import { openCardCheckout } from './card-checkout';
import { paymentPageMessages } from './messages';

/**
 * Card: the server records the payment (reference and amount due) first; the provider's hosted
 * widget then takes the card and sends the payer back to the verification page.
 */
export function CardTab({ contractId, title }: { contractId: string; title: string }) {
  const config = useConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Starts the payment and opens the widget; what went wrong, if anything. */
  async function openCheckout(): Promise<string | null> {
    let payment: CardPaymentResponse;
    try {
      payment = await startCardPayment(contractId);
    } catch (failure) {
      return failureMessage(failure, paymentPageMessages.cardStartFailed);
    }
    try {
      await openCardCheckout(config.payments.checkoutScriptUrl, {
        public_key: config.payments.publicKey,
        tx_ref: payment.txRef,
        amount: Number(toDecimalString(payment.amount_minor, payment.currency)),
        currency: payment.currency,
        payment_options: 'card',
        redirect_url: `${window.location.origin}${paths.paymentVerification.getHref(payment.txRef, contractId)}`,
        customer: payment.customer,
        customizations: { title },
      });
      return null;
    } catch {
      return paymentPageMessages.serviceNotReady;
    }
  }

  async function pay() {
    setBusy(true);
    setError(null);
    setError(await openCheckout());
    setBusy(false);
  }

  return (
    <div className="space-y-4">
      <p>Pay securely with your debit or credit card. The card form opens in a secure window from our payment provider.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button onClick={() => void pay()} disabled={busy}>
        {busy ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4" />
            Opening...
          </span>
        ) : (
          'Pay with Card'
        )}
      </Button>
    </div>
  );
}
