import { paymentMessages } from '../../api/payments';
import { ConflictError, ForbiddenError } from '../../domain/errors';
import { type Contract, isPayable } from '../../domain/escrow-contract';
import { currencyNotAvailable, isEscrowCurrency } from '../../domain/money';
import { amountDue, type PaymentMethod, paymentReference, takesCurrency } from '../../domain/payment';
import { throttles } from '../../domain/throttle-rules';
import { loadContract } from '../../entities/contract';
import { type Payment, putPayment } from '../../entities/payment';
import { getProfile } from '../../entities/profile';
import { countAttempt, refundAttempt } from '../throttles';

/**
 * Starting a payment into escrow, whichever way the buyer pays: who may, what is recorded before
 * the provider is asked, how often one person and one contract may start one, and how a provider
 * failure reads to the payer (provider.ts). The ways to pay use it: opay.ts, card.ts and
 * transfer-account.ts (bank transfer).
 */

export interface Payer {
  sub: string;
}

/**
 * The contract, when `payer` may pay into it now by `method`: its buyer, payable, something still
 * due, in a currency escrow carries and `method` charges.
 */
export async function payableContract(contractId: string, payer: Payer, method: PaymentMethod): Promise<Contract> {
  const contract = await loadContract(contractId);
  if (contract.acceptor_id !== payer.sub) throw new ForbiddenError(paymentMessages.notPayer);
  if (!isPayable(contract.status)) throw new ConflictError(paymentMessages.notPayable(contract.status));
  if (amountDue(contract) <= 0) throw new ConflictError(paymentMessages.nothingDue);
  // A contract made before its currency was offered: no money into an escrow that cannot pay out.
  if (!isEscrowCurrency(contract.currency)) throw new ConflictError(currencyNotAvailable(contract.currency));
  // Bank transfer and OPay charge naira only: never a naira charge for a figure in dollars.
  if (method !== 'card' && !takesCurrency(method, contract.currency))
    throw new ConflictError(paymentMessages.methodNotForCurrency(method, contract.currency));
  return contract;
}

/** A payment of what `contract` has due now, by `payer`, its reference stamped `now` (not yet recorded). */
export function newPayment(contract: Contract, payer: Payer, method: PaymentMethod, now: number): Payment {
  return {
    tx_ref: paymentReference(method, contract.id, payer.sub, now),
    contract_id: contract.id,
    payer_id: payer.sub,
    method,
    currency: contract.currency,
    amount_due_minor: amountDue(contract),
    status: 'initiated',
    created_at: new Date(now).toISOString(),
  };
}

/** Tries of a reference before giving up: each takes the next millisecond. */
const referenceTries = 20;

/**
 * Starts a payment by `method` (OPay, card) into the contract, when `payer` may pay into it: the
 * attempt counted against the limits, then a payment of what is due now recorded. A reference is
 * the contract, the payer and a millisecond (spec §7), so two attempts started in the same
 * millisecond would share one: the later takes the next free millisecond instead of failing. (A
 * bank transfer's is recorded under its account's claim: transfer-account.ts.)
 */
export async function startPayment(contractId: string, payer: Payer, method: PaymentMethod): Promise<Payment> {
  const contract = await payableContract(contractId, payer, method);
  await countPaymentAttempt(method, contract.id, payer);
  let stamp = Date.now();
  for (let attempt = 0; attempt < referenceTries; attempt++) {
    const payment = newPayment(contract, payer, method, stamp);
    if (await putPayment(payment)) return payment;
    stamp = Math.max(Date.now(), stamp + 1);
  }
  throw new ConflictError('Another payment is being started for this contract. Please try again.');
}

/**
 * Counts one payment started by `method`, against the payer's limit and the contract's (429 with
 * the rule's message once either is full; the payer's slot is given back when the contract's
 * refuses). Counted only once the request is allowed to pay, so nobody can use up another
 * person's or contract's attempts, and kept whatever the provider answers: each one asked it.
 */
export async function countPaymentAttempt(method: PaymentMethod, contractId: string, payer: Payer): Promise<void> {
  const byPerson = `${method}#${payer.sub}`;
  await countAttempt(throttles.paymentsByPerson, byPerson);
  try {
    await countAttempt(throttles.paymentsForContract, `${method}#${contractId}`);
  } catch (error) {
    await refundAttempt(throttles.paymentsByPerson, byPerson);
    throw error;
  }
}

/** What the provider is told of the payer: their email and name (and phone when known). */
export async function payerDetails(sub: string) {
  const profile = await getProfile(sub);
  return {
    email: profile?.email ?? '',
    fullName: profile?.full_name || profile?.email || 'Buyer',
    phoneNumber: profile?.phone_number,
  };
}
