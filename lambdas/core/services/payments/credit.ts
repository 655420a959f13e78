import { timeScale } from '../../adapters/env';
import { logger } from '../../adapters/logger';
import { deliveryDueAt } from '../../domain/delivery';
import type { StepEmailName } from '../../domain/email-templates';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type Contract, creditEvent, nextStatus } from '../../domain/escrow-contract';
import { inCurrency, type Posting, paymentCreditPosting, providerId, refundRequestedPosting } from '../../domain/ledger';
import { type Currency, formatAmount } from '../../domain/money';
import { splitCredit } from '../../domain/payment';
import { contractUnchanged, contractUpdate, getContract } from '../../entities/contract';
import { ledgerEntryPut } from '../../entities/ledger';
import { notificationItems } from '../../entities/notification';
import { partyLinkPut } from '../../entities/party-link';
import { getPayment, type Payment, paymentCredited } from '../../entities/payment';
import {
  getTransactionRecord,
  type ProviderTransactionRecord,
  type TransactionOutcome,
  transactionRecordPut,
} from '../../entities/provider-transaction';
import { newRefundLeg, type RefundLeg, refundLegPut } from '../../entities/refund';
import { failedConditions, type TransactItem, transactWrite } from '../../entities/table';
import { answerStep, openEscrow } from '../escrow-workflow';
import { advanceMilestones } from '../milestones';
import { sendRefundNow } from '../refunds/send';

/**
 * Crediting a provider transaction that verify confirmed (credit-transaction.ts decides that), by four rules:
 * credit only what the provider confirmed; into escrow only up to what the contract still has due,
 * in its own currency ({@link takenByContract}); the rest goes back to the payer, through suspense
 * to a refund leg ({@link givenBack}), never into escrow, never paid out, never charged a fee; and
 * one credit per provider transaction, ever ({@link writeOnce}). All of it is one transaction,
 * decided on the contract and payment as read, and decided again on their new versions when
 * another payment's credit changed them first.
 */

/** Concurrent credits of other payments to one contract are retried on the contract's new version. */
const creditAttempts = 8;

/** A provider transaction about to be recorded: what the provider confirmed, before its outcome is known. */
type ConfirmedRecord = Omit<ProviderTransactionRecord, 'outcome'>;

/**
 * What the payer is told: one notification, whatever it tells (two would be two updates of their
 * unread count, one item, which a transaction refuses).
 */
interface PayerNotice {
  title: string;
  body: string;
  email: StepEmailName;
}

/** A credit decided on the contract and payment as read: the items of its one transaction, and what follows once it commits. */
interface CreditPlan {
  contract: Contract;
  txRef: string;
  outcome: TransactionOutcome;
  creditMinor: number;
  excessMinor: number;
  /** The refund leg of what the contract does not take. */
  leg?: RefundLeg;
  items: TransactItem[];
}

/**
 * Credits a confirmed provider transaction of `amountMinor` in `currency` (the money's; the
 * payment's own unless verify said otherwise) to the payment's contract, by the rules above.
 * Answers what became of it: `credited` (any excess goes back), `refunding` (all of it goes back),
 * or what a concurrent delivery of the same transaction recorded first.
 */
export async function credit(
  payment: Payment,
  record: ConfirmedRecord,
  amountMinor: number,
  currency: Currency = payment.currency,
): Promise<TransactionOutcome> {
  for (let attempt = 0; attempt < creditAttempts; attempt++) {
    const [contract, current] = await Promise.all([getContract(payment.contract_id), getPayment(payment.tx_ref)]);
    if (!contract || !current) throw new NotFoundError('Contract not found.');
    const plan = planCredit(contract, current, record, amountMinor, currency, new Date().toISOString());
    const written = await writeOnce(plan.items, record);
    if (written === 'stale') continue;
    if (written !== 'written') return written.recorded;
    await afterCredit(plan);
    return plan.outcome;
  }
  throw new ConflictError('The contract kept changing; the payment will be credited on the next check.');
}

/**
 * The credit's transaction, on the contract and payment as read: the provider transaction's record
 * (only if never recorded), the payment's figures and a balanced posting of all that was confirmed;
 * then the share the contract takes into escrow, the excess given back, and the payer's notice.
 * Money in another currency is posted in that currency, apart from the contract's own.
 */
function planCredit(
  contract: Contract,
  payment: Payment,
  record: ConfirmedRecord,
  amountMinor: number,
  currency: Currency,
  now: string,
): CreditPlan {
  const foreign = currency !== contract.currency;
  const { creditMinor, excessMinor } = takenByContract(contract, amountMinor, currency);
  const outcome: TransactionOutcome = creditMinor > 0 ? 'credited' : 'refunding';
  const posted = (posting: Posting) => ledgerEntryPut(contract, inCurrency(posting, currency, contract.currency), now);
  const items: TransactItem[] = [
    transactionRecordPut({ ...record, outcome, recorded_at: now }),
    // The payment's figures are in its own currency: money in another is told by its refund leg.
    paymentCredited(payment, creditMinor, foreign ? 0 : excessMinor, now),
    posted(
      paymentCreditPosting(payment.tx_ref, amountMinor, excessMinor, {
        id: providerId('transaction', record.provider_transaction_id),
        feeMinor: record.provider_fee_minor ?? 0,
      }),
    ),
  ];
  const taken = creditMinor > 0 ? intoEscrow(contract, payment, creditMinor, now) : undefined;
  if (taken) items.push(...taken.items);
  // Refunding all of it is decided on the contract as read: it must still take none of it.
  else if (!foreign) items.push(contractUnchanged(contract));
  const back =
    excessMinor > 0
      ? givenBack(contract, payment, record, { excessMinor, credited: creditMinor > 0, currency }, posted, now)
      : undefined;
  if (back) items.push(...back.items);
  const notice = payerNotice(taken?.told, back?.told);
  if (notice)
    items.push(...notificationItems(payment.payer_id, notice.title, notice.body, now, { contract, email: notice.email }));
  return { contract, txRef: payment.tx_ref, outcome, creditMinor, excessMinor, leg: back?.leg, items };
}

/**
 * Only up to what is due: the contract takes at most what it still has due (nothing once it takes
 * no payments), and nothing of money in a currency other than its own. The rest is excess.
 */
function takenByContract(
  contract: Contract,
  amountMinor: number,
  currency: Currency,
): { creditMinor: number; excessMinor: number } {
  if (currency !== contract.currency) return { creditMinor: 0, excessMinor: amountMinor };
  return splitCredit(amountMinor, contract);
}

/**
 * The contract's share into escrow: its amount paid, status and payers (the first money in starts
 * the delivery deadline), the buyer's link under Engaged Contracts and the creator's notification;
 * and what the payer is told of it.
 */
function intoEscrow(
  contract: Contract,
  payment: Payment,
  creditMinor: number,
  now: string,
): { items: TransactItem[]; told: PayerNotice } {
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
  const credited = formatAmount(creditMinor, contract.currency);
  const stillToPay =
    paid < contract.total_amount_minor
      ? ` ${formatAmount(contract.total_amount_minor - paid, contract.currency)} is still to be paid.`
      : '';
  return {
    items: [
      contractUpdate(contract, changes),
      partyLinkPut({ contract_id: contract.id, user_id: payment.payer_id, role: 'payer', linked_at: now }),
      ...notificationItems(
        contract.creator_id,
        'Payment received',
        `${credited} was paid into escrow for "${contract.title}".${stillToPay || ' It is fully paid: deliver, then mark it delivered.'}`,
        now,
        { contract, email: 'payment-received' },
      ),
    ],
    told: {
      title: 'Payment received',
      body: `Your payment of ${credited} for "${contract.title}" is held in escrow. The seller is paid only after you are satisfied with the delivery.${stillToPay}`,
      email: 'payment-received',
    },
  };
}

/**
 * The rest goes back: what the contract does not take is credited to suspense and moved on to a
 * refund leg (refund_pending) in the same transaction; and the sentence that tells the payer why.
 */
function givenBack(
  contract: Contract,
  payment: Payment,
  record: ConfirmedRecord,
  excess: { excessMinor: number; credited: boolean; currency: Currency },
  posted: (posting: Posting) => TransactItem,
  now: string,
): { leg: RefundLeg; items: TransactItem[]; told: string } {
  const { excessMinor, credited, currency } = excess;
  const leg = excessLeg(contract, payment, record, excessMinor, { credited, currency }, now);
  const why =
    currency !== contract.currency
      ? `was in ${currency}, and this contract takes ${contract.currency} only`
      : credited
        ? 'was more than was due'
        : `arrived when the contract was ${contract.status} and took no more payments`;
  return {
    leg,
    items: [refundLegPut(leg), posted(refundRequestedPosting(leg.reference, excessMinor, 'suspense'))],
    told: `${formatAmount(excessMinor, currency)} of your payment for "${contract.title}" ${why}: it is being refunded to you.`,
  };
}

/** The refund leg of what a provider transaction paid beyond what its contract took (in `currency`, the money's). */
function excessLeg(
  contract: Contract,
  payment: Payment,
  record: ConfirmedRecord,
  excessMinor: number,
  why: { credited: boolean; currency: Currency },
  now: string,
): RefundLeg {
  const leg = `tx-${record.provider_transaction_id}`;
  const reason = why.currency !== contract.currency ? 'wrong_currency' : why.credited ? 'excess' : 'not_payable';
  return newRefundLeg(
    {
      contract_id: contract.id,
      leg,
      reason,
      amount_minor: excessMinor,
      currency: why.currency,
      from: 'suspense',
      provider_transaction_id: record.provider_transaction_id,
      tx_ref: payment.tx_ref,
      payer_id: payment.payer_id,
    },
    now,
  );
}

/** The payer's one notice: of the money received, with what goes back added; or, when nothing was taken, of the refund. */
function payerNotice(received: PayerNotice | undefined, refunding: string | undefined): PayerNotice | undefined {
  if (!refunding) return received;
  if (received) return { ...received, body: `${received.body} ${refunding}` };
  return { title: 'Refund on its way', body: refunding, email: 'refund-sent' };
}

/**
 * One credit per provider transaction: writes the credit's transaction, whose record of the
 * provider transaction is conditional on none existing yet. Answers `stale` when the contract or
 * the payment changed since they were read (decide again on their new versions), and what a
 * concurrent delivery of the same provider transaction recorded when it got there first.
 */
async function writeOnce(
  items: TransactItem[],
  record: ConfirmedRecord,
): Promise<'written' | 'stale' | { recorded: TransactionOutcome }> {
  try {
    await transactWrite(items);
    return 'written';
  } catch (error) {
    if (!failedConditions(error)) throw error;
    // This provider transaction was recorded by a concurrent delivery: nothing more to do.
    const existing = await getTransactionRecord(record.tx_ref, record.provider_transaction_id);
    return existing ? { recorded: existing.outcome } : 'stale';
  }
}

/** What follows a committed credit: the funding step answered for money taken, the refund of the rest sent at once. */
async function afterCredit(plan: CreditPlan): Promise<void> {
  const { contract, leg } = plan;
  if (leg)
    // Only now, and only here: a delivery that lost the race to credit this transaction (or is
    // trying again on the contract's new version) never refunded anything.
    logger.warn('Payment beyond what its contract takes: refunding the excess', {
      txRef: plan.txRef,
      contractId: contract.id,
      excessMinor: plan.excessMinor,
      status: contract.status,
    });
  if (plan.creditMinor > 0) await answerFunding(contract.id);
  if (leg) await sendRefundNow(contract.id, leg.leg);
}

/**
 * Makes sure the contract's execution runs, then answers its funding step, after a credit: if
 * starting it failed when the contract became active, the money starts it now (no funded
 * contract without its execution; its AwaitFunding finds the credit and answers at once). The
 * credit is already written: a failure here is logged, not thrown, and heals on the next status
 * check or webhook retry (each does this again).
 */
export async function answerFunding(contractId: string): Promise<void> {
  await openEscrow(contractId)
    .then(() => answerStep(contractId, 'funding'))
    // A contract with milestones fully funded now: its first milestone starts (nothing for any other contract).
    .then(() => advanceMilestones(contractId))
    .catch((error: unknown) => logger.warn('Funding step not answered yet', { contractId, error: error as Error }));
}
