import type { CardPaymentResponse } from '../../api/payments';
import { type Payer, payerDetails, startPayment } from './start';

/** `start-card-payment`: what the hosted card widget is opened with, recorded before it opens. */
export async function startCardPayment(contractId: string, payer: Payer): Promise<CardPaymentResponse> {
  const payment = await startPayment(contractId, payer, 'card');
  const { email, fullName } = await payerDetails(payer.sub);
  return {
    txRef: payment.tx_ref,
    amount_minor: payment.amount_due_minor,
    currency: payment.currency,
    customer: { email, name: fullName },
  };
}
