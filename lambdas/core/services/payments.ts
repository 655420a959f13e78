import { appLink } from '../adapters/email';
import {
  type ChargeWebhook,
  chargeWebhookSchema,
  createBankTransferCharge,
  createOpayCharge,
  isAuthenticWebhook,
  type ProviderTransaction,
  ProviderUnavailableError,
  verifyByReference,
  verifyTransaction,
} from '../adapters/flutterwave';
import { logger } from '../adapters/logger';
import type { CardPaymentResponse, PaymentStatusResponse, TransferAccountResponse } from '../api/payments';
import { paymentMessages } from '../api/payments';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from '../domain/errors';
import { type Contract, creditEvent, isPayable, nextStatus } from '../domain/escrow-contract';
import { paymentCreditPosting } from '../domain/ledger';
import { formatAmount } from '../domain/money';
import { amountDue, decideCredit, type PaymentMethod, paymentReference } from '../domain/payment';
import { contractUpdate, getContract } from '../entities/contract';
import { ledgerEntryPut } from '../entities/ledger';
import { notificationItems } from '../entities/notification';
import { partyLinkPut } from '../entities/party-link';
import { getPayment, type Payment, paymentCredit, putPayment, settleWithoutCredit } from '../entities/payment';
import { getProfile } from '../entities/profile';
import { failedConditions, transactWrite } from '../entities/table';
import { loadContract } from './contracts';
import { answerStep } from './escrow-workflow';

/**
 * Money into escrow (ARCHITECTURE §5 "Money"). A payment is recorded with what is due before the
 * payer pays; it is credited only after the provider's verify endpoint confirms it, in one
 * transaction (the payment, conditional on still being uncredited; the contract's amount paid,
 * status and payers; a balanced ledger posting; the party link; the creator's notification). The
 * webhook and the status poll both lead to the same idempotent settle, so a lost or repeated
 * webhook loses or doubles nothing. Then the workflow's funding step is answered.
 */

interface Payer {
  sub: string;
}

/** Records a payment of what is due now, by the contract's buyer only. */
async function recordPayment(
  contractId: string,
  payer: Payer,
  method: PaymentMethod,
): Promise<{ payment: Payment; contract: Contract }> {
  const contract = await loadContract(contractId);
  if (contract.acceptor_id !== payer.sub) throw new ForbiddenError(paymentMessages.notPayer);
  if (!isPayable(contract.status)) throw new ConflictError(paymentMessages.notPayable(contract.status));
  const due = amountDue(contract);
  if (due <= 0) throw new ConflictError(paymentMessages.nothingDue);
  const now = Date.now();
  const payment: Payment = {
    tx_ref: paymentReference(method, contract.id, payer.sub, now),
    contract_id: contract.id,
    payer_id: payer.sub,
    method,
    currency: contract.currency,
    amount_due_minor: due,
    status: 'initiated',
    created_at: new Date(now).toISOString(),
  };
  await putPayment(payment);
  return { payment, contract };
}

async function payerDetails(sub: string) {
  const profile = await getProfile(sub);
  return {
    email: profile?.email ?? '',
    fullName: profile?.full_name || profile?.email || 'Buyer',
    phoneNumber: profile?.phone_number,
  };
}

/** A provider that cannot be reached is a 503 with the spec's text; anything it refuses is a 502-free 409 with the same text. */
async function withProvider<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.warn('Payment provider call failed', { error: error as Error });
    if (error instanceof ProviderUnavailableError) throw new UnavailableError(message);
    throw new ConflictError(message);
  }
}

/** `generate-transfer-account`: a bank account, for exactly the amount due, that credits this contract. */
export async function generateTransferAccount(contractId: string, payer: Payer): Promise<TransferAccountResponse> {
  const { payment, contract } = await recordPayment(contractId, payer, 'bank_transfer');
  const details = await payerDetails(payer.sub);
  const account = await withProvider(
    () =>
      createBankTransferCharge({
        txRef: payment.tx_ref,
        amountMinor: payment.amount_due_minor,
        currency: payment.currency,
        ...details,
      }),
    paymentMessages.accountDetailsFailed,
  );
  return {
    txRef: payment.tx_ref,
    amount_minor: account.amountMinor,
    currency: payment.currency,
    title: contract.title,
    account_number: account.accountNumber,
    bank_name: account.bankName,
    expires_at: account.expiresAt,
  };
}

/** Where the provider sends the payer back: the verification page polls the payment from there. */
function verificationUrl(txRef: string, contractId: string): string {
  return appLink(`/payment-verification?${new URLSearchParams({ tx_ref: txRef, contractId })}`);
}

/** `initiate-opay-payment`: the provider's OPay page for the amount due. */
export async function initiateOpayPayment(contractId: string, payer: Payer): Promise<{ txRef: string; paymentLink: string }> {
  const { payment } = await recordPayment(contractId, payer, 'opay');
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
  );
  if (!paymentLink) throw new ConflictError(paymentMessages.opayLinkMissing);
  return { txRef: payment.tx_ref, paymentLink };
}

/** `start-card-payment`: what the hosted card widget is opened with, recorded before it opens. */
export async function startCardPayment(contractId: string, payer: Payer): Promise<CardPaymentResponse> {
  const { payment } = await recordPayment(contractId, payer, 'card');
  const { email, fullName } = await payerDetails(payer.sub);
  return {
    txRef: payment.tx_ref,
    amount_minor: payment.amount_due_minor,
    currency: payment.currency,
    customer: { email, name: fullName },
  };
}

const statusOf = (payment: Payment, creditedMinor?: number): PaymentStatusResponse => ({
  status: payment.status === 'credited' ? 'successful' : payment.status === 'initiated' ? 'pending' : 'failed',
  contractId: payment.contract_id,
  ...(creditedMinor === undefined ? {} : { amount_minor: creditedMinor }),
});

/**
 * `get-payment-status`: the payment as its payer sees it. Not credited yet: asks the provider (a
 * lost webhook loses nothing) and settles it the way the webhook would have.
 */
export async function paymentStatus(txRef: string, payer: Payer): Promise<PaymentStatusResponse> {
  const payment = await getPayment(txRef);
  // Someone else's payment is simply not found.
  if (!payment || payment.payer_id !== payer.sub) throw new NotFoundError('Payment not found.');
  if (payment.status === 'credited') {
    // Answering the funding step again is harmless and heals a credit whose answer was lost.
    await answerStep(payment.contract_id, 'funding').catch((error) => logger.warn('Funding step not answered', { error }));
  }
  if (payment.status !== 'initiated') return statusOf(payment, payment.amount_credited_minor);
  const transaction = await withProvider(() => verifyByReference(txRef), paymentMessages.verificationUnavailable);
  if (!transaction) return statusOf(payment);
  const settled = await settle(transaction);
  return statusOf(settled ?? payment, settled?.amount_credited_minor);
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
 * Settles a payment from the provider's own account of its transaction, at most once: credits
 * it, or records why it credits nothing. Returns the payment as it now is (undefined for a
 * reference this service never issued, which is logged for finance).
 */
export async function settle(transaction: ProviderTransaction): Promise<Payment | undefined> {
  const payment = await getPayment(transaction.txRef);
  if (!payment) {
    logger.error('Provider transaction for an unknown payment reference', { txRef: transaction.txRef, id: transaction.id });
    return undefined;
  }
  if (payment.status !== 'initiated') return payment;
  const decision = decideCredit(payment, transaction);
  const now = new Date().toISOString();
  if (!decision.credit) {
    if (decision.outcome === 'pending') return payment;
    await settleWithoutCredit(payment.tx_ref, decision.outcome, decision.reason, String(transaction.id), now);
    logger.warn('Payment not credited', { txRef: payment.tx_ref, reason: decision.reason });
    return getPayment(payment.tx_ref);
  }
  return credit(payment, String(transaction.id), decision.amountMinor);
}

/** Concurrent credits of other payments to one contract are retried on the contract's new version. */
const creditAttempts = 8;

async function credit(payment: Payment, providerTransactionId: string, amountMinor: number): Promise<Payment | undefined> {
  for (let attempt = 0; attempt < creditAttempts; attempt++) {
    const contract = await getContract(payment.contract_id);
    if (!contract) throw new NotFoundError('Contract not found.');
    const now = new Date().toISOString();
    if (!isPayable(contract.status)) {
      // Money arrived for a contract that no longer takes it (cancelled): held for finance to refund.
      await settleWithoutCredit(payment.tx_ref, 'refused', `contract is ${contract.status}`, providerTransactionId, now);
      logger.error('Payment for a contract that takes no payments', { txRef: payment.tx_ref, status: contract.status });
      return getPayment(payment.tx_ref);
    }
    const paid = contract.amount_paid_minor + amountMinor;
    const changes = {
      amount_paid_minor: paid,
      status: nextStatus(contract.status, creditEvent(paid, contract.total_amount_minor)),
      payer_user_ids: contract.payer_user_ids.includes(payment.payer_id)
        ? contract.payer_user_ids
        : [...contract.payer_user_ids, payment.payer_id],
    };
    try {
      await transactWrite([
        paymentCredit(payment.tx_ref, providerTransactionId, amountMinor, now),
        contractUpdate(contract, changes),
        ledgerEntryPut(contract.id, paymentCreditPosting(payment.tx_ref, amountMinor), now),
        partyLinkPut({ contract_id: contract.id, user_id: payment.payer_id, role: 'payer', linked_at: now }),
        ...notificationItems(
          contract.creator_id,
          'Payment received',
          `${formatAmount(amountMinor, contract.currency)} was paid into escrow for "${contract.title}".`,
          now,
        ),
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      // The payment was credited by a concurrent delivery: nothing more to do.
      if (failed.includes(0) || (await getPayment(payment.tx_ref))?.status !== 'initiated') return getPayment(payment.tx_ref);
      continue;
    }
    await answerStep(contract.id, 'funding');
    return getPayment(payment.tx_ref);
  }
  throw new ConflictError('The contract kept changing; the payment will be credited on the next check.');
}
