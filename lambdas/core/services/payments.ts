import { appLink } from '../adapters/email';
import { timeScale } from '../adapters/env';
import { type ChargeWebhook, chargeWebhookSchema, createOpayCharge } from '../adapters/flutterwave/charges';
import { type ProviderTransaction, verifyByReference, verifyTransaction } from '../adapters/flutterwave/transactions';
import { isAuthenticWebhook } from '../adapters/flutterwave/webhooks';
import { logger } from '../adapters/logger';
import { countMoneyEvent } from '../adapters/metrics';
import type { CardPaymentResponse, PaymentStatusResponse } from '../api/payments';
import { paymentMessages } from '../api/payments';
import { deliveryDueAt } from '../domain/delivery';
import type { StepEmailName } from '../domain/email-templates';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../domain/errors';
import { type Contract, creditEvent, nextStatus } from '../domain/escrow-contract';
import { inCurrency, type Posting, paymentCreditPosting, refundRequestedPosting } from '../domain/ledger';
import { type Currency, formatAmount } from '../domain/money';
import { decideCredit, providerFeeOf, splitCredit } from '../domain/payment';
import { providerId } from '../domain/reconciliation';
import { contractUnchanged, contractUpdate, getContract } from '../entities/contract';
import { ledgerEntryPut } from '../entities/ledger';
import { notificationItems } from '../entities/notification';
import { partyLinkPut } from '../entities/party-link';
import {
  claimProviderCheck,
  closeOpenPayment,
  getPayment,
  getTransactionRecord,
  listOpenPayments,
  listPaymentReferences,
  type Payment,
  type ProviderTransactionRecord,
  paymentSettled,
  recordProviderCheck,
  recordUnknownTransaction,
  recordWithoutCredit,
  releaseProviderCheck,
  type TransactionOutcome,
  transactionRecordPut,
} from '../entities/payment';
import { type RefundLeg, refundLegPut, refundReference } from '../entities/refund';
import { failedConditions, type TransactItem, transactWrite } from '../entities/table';
import { answerStep, cancelUnfunded, openEscrow } from './escrow-workflow';
import { type Payer, payerDetails, startPayment, withProvider } from './payment-attempts';
import { sendRefundNow } from './refunds/send';

/**
 * Money into escrow (ARCHITECTURE §5 "Money"). A payment is recorded with what is due before the
 * payer pays; it is credited only after the provider's verify endpoint confirms it, in one
 * transaction (the payment, conditional on still being uncredited; the contract's amount paid,
 * status and payers; a balanced ledger posting; the party link; the creator's notification). The
 * webhook and the status poll both lead to the same idempotent settle, so a lost or repeated
 * webhook loses or doubles nothing. Then the workflow's funding step is answered.
 */

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
        ...details,
        redirectUrl: verificationUrl(payment.tx_ref, contractId),
      }),
    paymentMessages.opayFailed,
    409,
  );
  if (!paymentLink) throw new ConflictError(paymentMessages.opayLinkMissing);
  return { txRef: payment.tx_ref, paymentLink };
}

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

/**
 * How long a poll's look at the provider stands for every poll of that payment. The checkout polls
 * every 5 s, so a single payer still has the provider asked on each poll; sixty polls in two
 * seconds ask it once.
 */
const providerCheckFreshMs = 4_000;

/**
 * `get-payment-status`: the payment as its payer sees it. Settled (credited or refunding), it is
 * ours and final: the provider is not asked. Not yet: the provider is asked (a lost webhook loses
 * nothing) and its transaction settled the way the webhook would have, at most once every
 * {@link providerCheckFreshMs} per payment: the poll that takes the check (one conditional update
 * of the payment) asks, and the polls meanwhile answer what the last check found. Caches only
 * what the payer is shown; what is credited is always what verify confirmed, in `settle`.
 */
export async function paymentStatus(txRef: string, payer: Payer): Promise<PaymentStatusResponse> {
  const payment = await getPayment(txRef);
  // Someone else's payment is simply not found.
  if (!payment || payment.payer_id !== payer.sub) throw new NotFoundError('Payment not found.');
  if (payment.status === 'credited') await answerFunding(payment.contract_id);
  if (payment.status !== 'initiated') return settledStatus(payment);
  const now = Date.now();
  const staleBefore = new Date(now - providerCheckFreshMs).toISOString();
  if (payment.provider_checked_at && payment.provider_checked_at >= staleBefore) return lastCheckStatus(payment);
  const checkedAt = new Date(now).toISOString();
  if (!(await claimProviderCheck(txRef, checkedAt, staleBefore))) {
    // Another poll has just asked, or is asking, or the payment settled meanwhile.
    return lastCheckStatus((await getPayment(txRef)) ?? payment);
  }
  let outcome: SettleOutcome;
  try {
    const transaction = await withProvider(() => verifyByReference(txRef), paymentMessages.verificationUnavailable);
    outcome = transaction ? await settle(transaction) : 'pending';
  } catch (error) {
    // Not answered: the next poll asks again rather than showing a check that never happened.
    await releaseProviderCheck(txRef, checkedAt);
    throw error;
  }
  const current = (await getPayment(txRef)) ?? payment;
  if (current.status !== 'initiated') return settledStatus(current);
  const status = outcome === 'failed' || outcome === 'refused' ? 'failed' : 'pending';
  await recordProviderCheck(txRef, checkedAt, status);
  return { status, contractId: current.contract_id };
}

/** A payment as the last provider check left it: settled, or what that check found (pending until one has). */
function lastCheckStatus(payment: Payment): PaymentStatusResponse {
  if (payment.status !== 'initiated') return settledStatus(payment);
  return { status: payment.provider_status ?? 'pending', contractId: payment.contract_id };
}

/** A settled payment as its payer reads it: what was credited, and what goes back to them. */
function settledStatus(payment: Payment): PaymentStatusResponse {
  const refunding = payment.amount_refunding_minor ?? 0;
  return {
    status: payment.status === 'credited' ? 'successful' : 'refunding',
    contractId: payment.contract_id,
    amount_minor: payment.amount_credited_minor ?? 0,
    ...(refunding > 0 ? { refunding_minor: refunding } : {}),
  };
}

/**
 * Settles every payment of the contract still waiting to be heard of, from the provider's own
 * account (verify by reference): money the provider holds is credited even when its webhook was
 * lost and nobody checked its status. A provider that cannot be reached throws (nothing is
 * decided on a guess). Answers how many payments were settled now.
 */
export async function reconcilePayments(contractId: string): Promise<number> {
  let settled = 0;
  for (const txRef of await listPaymentReferences(contractId)) {
    if ((await getPayment(txRef))?.status !== 'initiated') continue;
    const transaction = await verifyByReference(txRef);
    if (transaction && (await settle(transaction)) !== 'pending') settled++;
  }
  return settled;
}

/** A payment younger than this is left to the checkout that polls it. */
const reconcileAfterMs = 5 * 60_000;

/** After this long an initiated payment's charge has long expired at the provider: the reconciler stops watching it. */
const watchForMs = 14 * 24 * 60 * 60_000;

/**
 * The reconciler's pass over payments nobody polls: every initiated payment older than a few
 * minutes is verified with the provider by reference and settled (credited, or refunded when its
 * contract takes nothing), so money the provider holds is never left unrecorded because a webhook
 * was lost and the payer closed the page. One payment's failure does not stop the others.
 */
export async function reconcileOpenPayments(now = Date.now()): Promise<{ open: number; settled: number; closed: number }> {
  const open = await listOpenPayments(new Date(now - reconcileAfterMs).toISOString());
  const tally = { open: open.length, settled: 0, closed: 0 };
  for (const payment of open) {
    try {
      const transaction = await verifyByReference(payment.tx_ref);
      const outcome = transaction ? await settle(transaction) : 'pending';
      if (outcome === 'credited' || outcome === 'refunding') tally.settled++;
      else if (now - Date.parse(payment.created_at) > watchForMs) {
        await closeOpenPayment(payment.tx_ref);
        tally.closed++;
      }
    } catch (error) {
      logger.error('Payment not reconciled', { txRef: payment.tx_ref, error: error as Error });
    }
  }
  return tally;
}

/**
 * CancelUnfunded: the funding window ended. Money the provider already holds for the contract is
 * credited first; only a contract that still holds nothing is cancelled (both parties told).
 * Returns whether it is cancelled.
 */
export async function endFundingWindow(contractId: string): Promise<boolean> {
  await reconcilePayments(contractId);
  return cancelUnfunded(contractId);
}

/**
 * The provider's `charge.completed` webhook: its `verif-hash` must be the stage's secret hash
 * (401 and nothing changed otherwise); the body only names the transaction, which is verified with
 * the provider before anything is credited.
 */
export async function handleChargeWebhook(headers: Record<string, string | undefined>, body: unknown): Promise<void> {
  if (!(await isAuthenticWebhook(headers))) throw new UnauthorizedError('Invalid webhook signature.');
  const parsed = chargeWebhookSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError('Not a charge.completed webhook.');
  const webhook: ChargeWebhook = parsed.data;
  const transaction = await withProvider(() => verifyTransaction(webhook.data.id), paymentMessages.verificationUnavailable);
  if (!transaction) {
    logger.warn('Webhook for a transaction the provider does not know', { txRef: webhook.data.tx_ref });
    return;
  }
  await settle(transaction);
}

/**
 * Makes sure the contract's execution runs, then answers its funding step, after a credit: if
 * starting it failed when the contract became active, the money starts it now (no funded
 * contract without its execution; its AwaitFunding finds the credit and answers at once). The
 * credit is already written: a failure here is logged, not thrown, and heals on the next status
 * check or webhook retry (each does this again).
 */
async function answerFunding(contractId: string): Promise<void> {
  await openEscrow(contractId)
    .then(() => answerStep(contractId, 'funding'))
    .catch((error: unknown) => logger.warn('Funding step not answered yet', { contractId, error: error as Error }));
}

export type SettleOutcome = TransactionOutcome | 'pending' | 'unknown';

/**
 * Settles one provider transaction, from the provider's own account of it, at most once: credits
 * it, or records why it credits nothing (kept on the payment for finance). A transaction already
 * recorded changes nothing (its funding step is answered again, harmlessly).
 */
export async function settle(transaction: ProviderTransaction): Promise<SettleOutcome> {
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

/** Concurrent credits of other payments to one contract are retried on the contract's new version. */
const creditAttempts = 8;

/** The refund leg of what a provider transaction paid beyond what its contract took (in `currency`, the money's). */
function excessLeg(
  contract: Contract,
  payment: Payment,
  record: Omit<ProviderTransactionRecord, 'outcome'>,
  excessMinor: number,
  why: { credited: boolean; currency: Currency },
  now: string,
): RefundLeg {
  const leg = `tx-${record.provider_transaction_id}`;
  const reason = why.currency !== contract.currency ? 'wrong_currency' : why.credited ? 'excess' : 'not_payable';
  return {
    contract_id: contract.id,
    leg,
    reference: refundReference(contract.id, leg),
    reason,
    amount_minor: excessMinor,
    currency: why.currency,
    from: 'suspense',
    provider_transaction_id: record.provider_transaction_id,
    tx_ref: payment.tx_ref,
    payer_id: payment.payer_id,
    status: 'pending',
    provider_refund_id: null,
    attempts: 0,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

/**
 * Credits a confirmed provider transaction in one transaction: its record (once, ever), the
 * payment, and a balanced posting. The contract takes at most what is still due (nothing once it
 * takes no payments, nothing of money in `currency` other than its own); what it does not take
 * goes to suspense and straight on to a refund leg (refund_pending), the payer told: never into
 * escrow, never paid out, never charged a fee. Money in another currency is posted in that
 * currency, apart from the contract's own.
 */
async function credit(
  payment: Payment,
  record: Omit<ProviderTransactionRecord, 'outcome'>,
  amountMinor: number,
  currency: Currency = payment.currency,
): Promise<SettleOutcome> {
  for (let attempt = 0; attempt < creditAttempts; attempt++) {
    const [contract, current] = await Promise.all([getContract(payment.contract_id), getPayment(payment.tx_ref)]);
    if (!contract || !current) throw new NotFoundError('Contract not found.');
    const now = new Date().toISOString();
    const foreign = currency !== contract.currency;
    const { creditMinor, excessMinor } = foreign
      ? { creditMinor: 0, excessMinor: amountMinor }
      : splitCredit(amountMinor, contract);
    const outcome: TransactionOutcome = creditMinor > 0 ? 'credited' : 'refunding';
    const posted = (posting: Posting) => ledgerEntryPut(contract, inCurrency(posting, currency, contract.currency), now);
    let payerTold: { title: string; body: string; email: StepEmailName } | undefined;
    const items: TransactItem[] = [
      transactionRecordPut({ ...record, outcome, recorded_at: now }),
      // The payment's figures are in its own currency: money in another is told by its refund leg.
      paymentSettled(current, creditMinor, foreign ? 0 : excessMinor, now),
      posted(
        paymentCreditPosting(payment.tx_ref, amountMinor, excessMinor, {
          id: providerId('transaction', record.provider_transaction_id),
          feeMinor: record.provider_fee_minor ?? 0,
        }),
      ),
    ];
    if (creditMinor > 0) {
      const paid = contract.amount_paid_minor + creditMinor;
      const changes = {
        amount_paid_minor: paid,
        status: nextStatus(contract.status, creditEvent(paid, contract.total_amount_minor)),
        // The first money in starts the delivery deadline.
        delivery_due_at: contract.delivery_due_at ?? deliveryDueAt(now, timeScale()),
        payer_user_ids: contract.payer_user_ids.includes(payment.payer_id)
          ? contract.payer_user_ids
          : [...contract.payer_user_ids, payment.payer_id],
      };
      items.push(
        contractUpdate(contract, changes),
        partyLinkPut({ contract_id: contract.id, user_id: payment.payer_id, role: 'payer', linked_at: now }),
        ...notificationItems(
          contract.creator_id,
          'Payment received',
          `${formatAmount(creditMinor, contract.currency)} was paid into escrow for "${contract.title}".${paid < contract.total_amount_minor ? ` ${formatAmount(contract.total_amount_minor - paid, contract.currency)} is still to be paid.` : ' It is fully paid: deliver, then mark it delivered.'}`,
          now,
          { contract, email: 'payment-received' },
        ),
      );
      payerTold = {
        title: 'Payment received',
        body: `Your payment of ${formatAmount(creditMinor, contract.currency)} for "${contract.title}" is held in escrow. The seller is paid only after you are satisfied with the delivery.${paid < contract.total_amount_minor ? ` ${formatAmount(contract.total_amount_minor - paid, contract.currency)} is still to be paid.` : ''}`,
        email: 'payment-received',
      };
    } else if (!foreign) {
      // Refunding all of it is decided on the contract as read: it must still take none of it.
      items.push(contractUnchanged(contract));
    }
    const leg =
      excessMinor > 0
        ? excessLeg(contract, payment, record, excessMinor, { credited: creditMinor > 0, currency }, now)
        : undefined;
    if (leg) {
      const why = foreign
        ? `was in ${currency}, and this contract takes ${contract.currency} only`
        : creditMinor > 0
          ? 'was more than was due'
          : `arrived when the contract was ${contract.status} and took no more payments`;
      items.push(refundLegPut(leg), posted(refundRequestedPosting(leg.reference, excessMinor, 'suspense')));
      const refunding = `${formatAmount(excessMinor, currency)} of your payment for "${contract.title}" ${why}: it is being refunded to you.`;
      payerTold = payerTold
        ? { ...payerTold, body: `${payerTold.body} ${refunding}` }
        : { title: 'Refund on its way', body: refunding, email: 'refund-sent' };
    }
    // One notification for the payer, whatever it tells (two would be two updates of their unread
    // count, one item, which a transaction refuses).
    if (payerTold)
      items.push(
        ...notificationItems(payment.payer_id, payerTold.title, payerTold.body, now, { contract, email: payerTold.email }),
      );
    try {
      await transactWrite(items);
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      // This provider transaction was recorded by a concurrent delivery: nothing more to do.
      const existing = await getTransactionRecord(payment.tx_ref, record.provider_transaction_id);
      if (existing) return existing.outcome;
      continue;
    }
    if (leg)
      // Only now, and only here: a delivery that lost the race to credit this transaction (or is
      // trying again on the contract's new version) never refunded anything.
      logger.warn('Payment beyond what its contract takes: refunding the excess', {
        txRef: payment.tx_ref,
        contractId: contract.id,
        excessMinor,
        status: contract.status,
      });
    if (creditMinor > 0) await answerFunding(contract.id);
    if (leg) await sendRefundNow(contract.id, leg.leg);
    return outcome;
  }
  throw new ConflictError('The contract kept changing; the payment will be credited on the next check.');
}
