import { verifyByReference } from '../../adapters/flutterwave/transactions';
import { logger } from '../../adapters/logger';
import { listPaymentReferences } from '../../entities/contract-payment';
import { closeOpenPayment, getPayment, listOpenPayments } from '../../entities/payment';
import { creditTransaction } from './credit-transaction';

/**
 * Credits every payment of the contract still waiting to be heard of, from the provider's own
 * account (verify by reference): money the provider holds is credited even when its webhook was
 * lost and nobody checked its status. A provider that cannot be reached throws (nothing is
 * decided on a guess). Answers how many payments were credited now.
 */
export async function followUpPayments(contractId: string): Promise<number> {
  let credited = 0;
  for (const txRef of await listPaymentReferences(contractId)) {
    if ((await getPayment(txRef))?.status !== 'initiated') continue;
    const transaction = await verifyByReference(txRef);
    if (transaction && (await creditTransaction(transaction)) !== 'pending') credited++;
  }
  return credited;
}

/** A payment younger than this is left to the checkout that polls it. */
const followUpAfterMs = 5 * 60_000;

/** After this long an initiated payment's charge has long expired at the provider: the sweep stops watching it. */
const watchForMs = 14 * 24 * 60 * 60_000;

/**
 * The sweep's pass over payments nobody polls: every initiated payment older than a few
 * minutes is verified with the provider by reference and credited (into escrow, or refunded when its
 * contract takes nothing), so money the provider holds is never left unrecorded because a webhook
 * was lost and the payer closed the page. One payment's failure does not stop the others.
 */
export async function followUpOpenPayments(now = Date.now()): Promise<{ open: number; credited: number; closed: number }> {
  const open = await listOpenPayments(new Date(now - followUpAfterMs).toISOString());
  const tally = { open: open.length, credited: 0, closed: 0 };
  for (const payment of open) {
    try {
      const transaction = await verifyByReference(payment.tx_ref);
      const outcome = transaction ? await creditTransaction(transaction) : 'pending';
      if (outcome === 'credited' || outcome === 'refunding') tally.credited++;
      else if (now - Date.parse(payment.created_at) > watchForMs) {
        await closeOpenPayment(payment.tx_ref);
        tally.closed++;
      }
    } catch (error) {
      logger.error('Payment not followed up', { txRef: payment.tx_ref, error: error as Error });
    }
  }
  return tally;
}
