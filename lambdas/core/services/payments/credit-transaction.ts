import type { ProviderTransaction } from '../../adapters/flutterwave/transactions';
import { logger } from '../../adapters/logger';
import { countMoneyEvent } from '../../adapters/metrics';
import { decideCredit, providerFeeOf } from '../../domain/payment';
import { getPayment } from '../../entities/payment';
import { getTransactionRecord, recordWithoutCredit, type TransactionOutcome } from '../../entities/provider-transaction';
import { recordUnknownTransaction } from '../../entities/unknown-transaction';
import { answerFunding, credit } from './credit';

/**
 * Money into escrow (ARCHITECTURE §5 "Money"). A payment is recorded with what is due before the
 * payer pays; it is credited only after the provider's verify endpoint confirms it, in one
 * transaction (the payment, conditional on still being uncredited; the contract's amount paid,
 * status and payers; a balanced ledger posting; the party link; the creator's notification). The
 * webhook (webhook.ts), the status poll (status.ts) and the sweep (follow-up.ts) all lead to
 * the same idempotent credit, so a lost or repeated webhook loses or doubles nothing. Then the
 * workflow's funding step is answered.
 */

export type CreditOutcome = TransactionOutcome | 'pending' | 'unknown';

/**
 * Credits one provider transaction, from the provider's own account of it, at most once: into
 * escrow or suspense, or nothing with the reason recorded (kept on the payment for finance). A
 * transaction already recorded changes nothing (its funding step is answered again, harmlessly).
 */
export async function creditTransaction(transaction: ProviderTransaction): Promise<CreditOutcome> {
  const payment = await getPayment(transaction.txRef);
  if (!payment) {
    logger.error('Provider transaction for an unknown payment reference', { txRef: transaction.txRef, id: transaction.id });
    // Money the provider took under a reference no payment of ours has: no contract can take it, ops
    // must return it. Counted once per provider transaction (a redelivered webhook finds it recorded).
    if (transaction.status === 'successful' && (await recordUnknownTransaction(transaction))) countMoneyEvent('PaymentsRefused');
    return 'unknown';
  }
  const providerTransactionId = String(transaction.id);
  const recorded = await getTransactionRecord(payment.tx_ref, providerTransactionId);
  if (recorded) {
    if (recorded.outcome === 'credited') await answerFunding(payment.contract_id);
    return recorded.outcome;
  }
  const decision = decideCredit(payment, transaction);
  const record = {
    tx_ref: payment.tx_ref,
    provider_transaction_id: providerTransactionId,
    amount_minor: transaction.amountMinor,
    provider_fee_minor: providerFeeOf(transaction),
    currency: transaction.currency,
    recorded_at: new Date().toISOString(),
  };
  if (decision.credit) return credit(payment, record, decision.amountMinor);
  if (decision.outcome === 'pending') return 'pending';
  if (decision.outcome === 'refund') return credit(payment, record, decision.amountMinor, decision.currency);
  const firstRecord = await recordWithoutCredit({ ...record, outcome: decision.outcome, reason: decision.reason });
  logger.warn('Payment not credited', { txRef: payment.tx_ref, reason: decision.reason });
  // Money the provider holds that no contract took, counted once per provider transaction (a replay finds it recorded).
  if (firstRecord && decision.outcome === 'refused') countMoneyEvent('PaymentsRefused');
  return decision.outcome;
}
