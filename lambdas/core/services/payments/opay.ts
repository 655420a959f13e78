import { appLink } from '../../adapters/email';
import { createOpayCharge } from '../../adapters/flutterwave/charges';
import { paymentMessages } from '../../api/payments';
import { ConflictError } from '../../domain/errors';
import { withProvider } from './provider';
import { type Payer, payerDetails, startPayment } from './start';

/** Where the provider sends the payer back: the verification page polls the payment from there. */
function verificationUrl(txRef: string, contractId: string): string {
  return appLink(`/payment-verification?${new URLSearchParams({ tx_ref: txRef, contractId })}`);
}

/** `initiate-opay-payment`: the provider's OPay page for the amount due. */
export async function initiateOpayPayment(contractId: string, payer: Payer): Promise<{ txRef: string; paymentLink: string }> {
  const payment = await startPayment(contractId, payer, 'opay');
  const details = await payerDetails(payer.sub);
  const { paymentLink } = await withProvider(
    () =>
      createOpayCharge({
        txRef: payment.tx_ref,
        amountMinor: payment.amount_due_minor,
        currency: payment.currency,
        ...details,
        redirectUrl: verificationUrl(payment.tx_ref, contractId),
      }),
    paymentMessages.opayFailed,
    409,
  );
  if (!paymentLink) throw new ConflictError(paymentMessages.opayLinkMissing);
  return { txRef: payment.tx_ref, paymentLink };
}
