import { randomUUID } from 'node:crypto';
import { createBankTransferCharge } from '../../adapters/flutterwave/charges';
import { logger } from '../../adapters/logger';
import type { TransferAccountResponse } from '../../api/payments';
import { paymentMessages } from '../../api/payments';
import { Backoff } from '../../domain/backoff';
import { ConflictError, UnavailableError } from '../../domain/errors';
import type { Contract } from '../../domain/escrow-contract';
import { amountDue } from '../../domain/payment';
import { getPayment, putPayment } from '../../entities/payment';
import {
  claimTransferAccount,
  getTransferAccount,
  isOpenAccount,
  type OpenTransferAccount,
  openTransferAccount,
  releaseTransferAccountClaim,
  type TransferAccountSlot,
} from '../../entities/transfer-account';
import { withProvider } from './provider';
import { countPaymentAttempt, newPayment, type Payer, payableContract, payerDetails } from './start';

/**
 * `generate-transfer-account` (spec §7): a one-off bank account at the provider, for exactly the
 * amount due, that credits this contract. A contract has one open account at a time: every visit
 * shows it again, without asking the provider, until money reaches it, it nears its expiry or the
 * amount due changes; only then is a new one made.
 *
 * Who makes the new one is decided before the provider is asked: one conditional put of a claim on
 * the contract's account slot (entities/transfer-account.ts). The request that wins it counts the attempt,
 * records the payment, asks the provider and puts the account in place of its claim; every other
 * request waits for that account and shows it. (Asking first and keeping whichever account is
 * stored first would still make one provider account per request: the flood the limit is for.)
 * A request that loses the claim has written, counted and asked nothing.
 *
 * A claim lapses after {@link claimLeaseMs}: its request died between claim and account, and the
 * next visit claims in its place. An account the provider made that we did not keep (its request
 * died, or its claim lapsed and was taken over) was never shown to anyone; its payment was recorded
 * before the provider was asked, so money that still reached it would be credited once by the
 * webhook or the sweep, like any other. The provider closes it at its expiry.
 */

/** An open account stays on offer until this long before it expires; then a new one is made. */
const accountReuseMarginMs = 10 * 60 * 1000;

/** Longer than a provider call may take (10 s) and than the function may run (20 s, lambdas/routes.ts): a claim this old was abandoned. */
const claimLeaseMs = 30_000;

/** How long a request waits for another's account before answering 503 (leaving the function's 20 s room for its own provider call). */
const claimWaitMs = 7_000;

/** The contract's open transfer account for `payer`, made (once, however many ask at once) when there is none they may pay into. */
export async function generateTransferAccount(contractId: string, payer: Payer): Promise<TransferAccountResponse> {
  let contract = await payableContract(contractId, payer, 'bank_transfer');
  const wait = new Backoff(Date.now() + claimWaitMs, 25, 400);
  let waited = false;
  for (;;) {
    const slot = await getTransferAccount(contractId);
    const open = slot && isOpenAccount(slot) ? await reusableAccount(slot, contract, payer) : undefined;
    if (open) return toAccountResponse(open, contract);
    // The request this one waited for withdrew its claim (refused, or the provider failed): answer
    // as it did rather than ask the provider again for every request that waited.
    if (waited && !slot) throw new UnavailableError(paymentMessages.accountDetailsFailed);
    if (wait.expired) throw new UnavailableError(paymentMessages.accountDetailsFailed);
    if (slot && !isOpenAccount(slot) && Date.parse(slot.claimed_until) > Date.now()) {
      // Another request is making the account: show that one once it is made.
      waited = true;
      await wait.pause();
      continue;
    }
    if (slot) {
      // An account that looks spent, or a lapsed claim: replace it, deciding on the contract as it
      // is now rather than as this request first read it (a credit since then changes what is due).
      contract = await payableContract(contractId, payer, 'bank_transfer');
      const stillOpen = isOpenAccount(slot) ? await reusableAccount(slot, contract, payer) : undefined;
      if (stillOpen) return toAccountResponse(stillOpen, contract);
    }
    const made = await makeAccount(contract, payer, slot);
    if (made) return toAccountResponse(made, contract);
    // Another request changed the slot first: look again, and show its account.
  }
}

/** The contract's open account, when the payer may still send to it: nothing reached it, not expiring, the same amount due. */
async function reusableAccount(
  account: OpenTransferAccount,
  contract: Contract,
  payer: Payer,
): Promise<OpenTransferAccount | undefined> {
  if (account.amount_due_minor !== amountDue(contract)) return undefined;
  if (Date.parse(account.expires_at) - Date.now() < accountReuseMarginMs) return undefined;
  const payment = await getPayment(account.tx_ref);
  return payment?.status === 'initiated' && payment.payer_id === payer.sub ? account : undefined;
}

/**
 * Claims the making of the contract's account in place of `replacing`, then makes it: counted
 * against the payer's and the contract's limits, its payment recorded, the provider asked, the
 * account put in place of the claim. Undefined when another request claimed first, or took over
 * this claim after it lapsed. A refusal or a provider failure withdraws the claim and is thrown.
 */
async function makeAccount(
  contract: Contract,
  payer: Payer,
  replacing: TransferAccountSlot | undefined,
): Promise<OpenTransferAccount | undefined> {
  const now = Date.now();
  const payment = newPayment(contract, payer, 'bank_transfer', now);
  const claimId = randomUUID();
  const claimed = await claimTransferAccount(
    {
      contract_id: contract.id,
      claim_id: claimId,
      tx_ref: payment.tx_ref,
      payer_id: payer.sub,
      claimed_at: payment.created_at,
      claimed_until: new Date(now + claimLeaseMs).toISOString(),
    },
    replacing,
  );
  if (!claimed) return undefined;
  let account: OpenTransferAccount;
  try {
    await countPaymentAttempt('bank_transfer', contract.id, payer);
    // The claim holds this reference for the contract: no other bank-transfer payment can have it.
    if (!(await putPayment(payment))) throw new ConflictError(paymentMessages.accountDetailsFailed);
    const details = await payerDetails(payer.sub);
    const charge = await withProvider(
      () =>
        createBankTransferCharge({
          txRef: payment.tx_ref,
          amountMinor: payment.amount_due_minor,
          currency: payment.currency,
          ...details,
        }),
      paymentMessages.accountDetailsFailed,
      409,
    );
    account = {
      contract_id: contract.id,
      tx_ref: payment.tx_ref,
      account_number: charge.accountNumber,
      bank_name: charge.bankName,
      amount_minor: charge.amountMinor,
      amount_due_minor: payment.amount_due_minor,
      currency: payment.currency,
      expires_at: charge.expiresAt,
      created_at: payment.created_at,
    };
  } catch (error) {
    await releaseTransferAccountClaim(contract.id, claimId);
    throw error;
  }
  if (await openTransferAccount(account, claimId)) return account;
  logger.warn('Transfer account made but not kept: its claim lapsed and another request took over', {
    contractId: contract.id,
    txRef: payment.tx_ref,
  });
  return undefined;
}

function toAccountResponse(account: OpenTransferAccount, contract: Contract): TransferAccountResponse {
  return {
    txRef: account.tx_ref,
    amount_minor: account.amount_minor,
    currency: account.currency,
    title: contract.title,
    account_number: account.account_number,
    bank_name: account.bank_name,
    expires_at: account.expires_at,
  };
}
