import { verifyByReference } from '../../adapters/flutterwave/transactions';
import type { PaymentStatusResponse } from '../../api/payments';
import { paymentMessages } from '../../api/payments';
import { NotFoundError } from '../../domain/errors';
import {
  claimProviderCheck,
  getPayment,
  getProviderCheck,
  type Payment,
  type ProviderCheck,
  recordProviderCheck,
  releaseProviderCheck,
} from '../../entities/payment';
import { answerFunding } from './credit';
import { type CreditOutcome, creditTransaction } from './credit-transaction';
import { withProvider } from './provider';
import type { Payer } from './start';

/**
 * How long a poll's look at the provider stands for every poll of that payment. The checkout polls
 * every 5 s, so a single payer still has the provider asked on each poll; sixty polls in two
 * seconds ask it once.
 */
const providerCheckFreshMs = 4_000;

/**
 * `get-payment-status`: the payment as its payer sees it. Credited (`credited` or `refunding`), it is
 * ours and final: the provider is not asked. Not yet: the provider is asked (a lost webhook loses
 * nothing) and its transaction credited the way the webhook would have, at most once every
 * {@link providerCheckFreshMs} per payment: the poll that takes the check (one conditional update
 * of the payment's check item, entities/payment.ts `ProviderCheck`) asks, and the polls meanwhile answer what the last check found. Caches only
 * what the payer is shown; what is credited is always what verify confirmed, in `creditTransaction`.
 */
export async function paymentStatus(txRef: string, payer: Payer): Promise<PaymentStatusResponse> {
  // Side by side: the check is read for nothing when the payment is credited, but waits for nothing.
  const [payment, lastCheck] = await Promise.all([getPayment(txRef), getProviderCheck(txRef)]);
  // Someone else's payment is simply not found.
  if (!payment || payment.payer_id !== payer.sub) throw new NotFoundError('Payment not found.');
  if (payment.status === 'credited') await answerFunding(payment.contract_id);
  if (payment.status !== 'initiated') return creditedStatus(payment);
  const now = Date.now();
  const staleBefore = new Date(now - providerCheckFreshMs).toISOString();
  if (lastCheck && lastCheck.checked_at >= staleBefore) return lastCheckStatus(payment, lastCheck);
  const checkedAt = new Date(now).toISOString();
  if (!(await claimProviderCheck(txRef, checkedAt, staleBefore))) {
    // Another poll has just asked, or is asking.
    const [current, check] = await Promise.all([getPayment(txRef), getProviderCheck(txRef)]);
    return lastCheckStatus(current ?? payment, check);
  }
  let outcome: CreditOutcome;
  try {
    const transaction = await withProvider(() => verifyByReference(txRef), paymentMessages.verificationUnavailable);
    outcome = transaction ? await creditTransaction(transaction) : 'pending';
  } catch (error) {
    // Not answered: the next poll asks again rather than showing a check that never happened.
    await releaseProviderCheck(txRef, checkedAt);
    throw error;
  }
  const current = (await getPayment(txRef)) ?? payment;
  if (current.status !== 'initiated') return creditedStatus(current);
  const status = outcome === 'failed' || outcome === 'refused' ? 'failed' : 'pending';
  await recordProviderCheck(txRef, checkedAt, status);
  return { status, contractId: current.contract_id };
}

/** A payment as the last provider check left it: credited, or what that check found (pending until one has). */
function lastCheckStatus(payment: Payment, check: ProviderCheck | undefined): PaymentStatusResponse {
  if (payment.status !== 'initiated') return creditedStatus(payment);
  return { status: check?.status ?? 'pending', contractId: payment.contract_id };
}

/** A credited payment as its payer reads it: what was credited, and what goes back to them. */
function creditedStatus(payment: Payment): PaymentStatusResponse {
  const refunding = payment.amount_refunding_minor ?? 0;
  return {
    status: payment.status === 'credited' ? 'successful' : 'refunding',
    contractId: payment.contract_id,
    amount_minor: payment.amount_credited_minor ?? 0,
    ...(refunding > 0 ? { refunding_minor: refunding } : {}),
  };
}
