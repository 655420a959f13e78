import { ProviderRejectedError, saysInsufficientFunds } from '../../adapters/flutterwave/client';
import {
  createTransfer,
  DuplicateTransferReferenceError,
  findTransfersByReference,
  getTransfer,
  type ProviderTransfer,
} from '../../adapters/flutterwave/transfers';
import { logger } from '../../adapters/logger';
import { countMoneyEvent } from '../../adapters/metrics';
import { bankName, maskAccountNumber } from '../../domain/banks';
import { isConverted } from '../../domain/conversion';
import { formatAmount } from '../../domain/money';
import { getContract } from '../../entities/contract';
import { notificationItems } from '../../entities/notification';
import { type BankDetails, bankDetailsOf } from '../../entities/profile';
import {
  getRefundLeg,
  type RefundDestination,
  type RefundLeg,
  type RefundLegChanges,
  refundLegUpdate,
  updateRefundLeg,
  withWaitStart,
} from '../../entities/refund';
import { failedConditions, transactWrite } from '../../entities/table';
import { convertPayout } from '../payouts/conversion';
import { confirmRefundLeg, reloadRefundLeg } from './confirmation';

/**
 * Refunds by bank transfer (ARCHITECTURE §5b): a payment the provider will not refund (its method
 * takes no refunds) goes back to the payer's own bank account instead, the one they keep in My
 * Account (guarded by their payment PIN, like a seller's payout account).
 *
 * Never paid twice: the leg only turns to a transfer after the provider refused the refund outright
 * (so no refund was made), and the transfer carries our reference for that account,
 * `<leg reference>-bank-<n>`, which the provider keeps unique: two workers, a retry after a lost
 * answer, or a crash and a restart all ask with the same reference, and the provider's refusal of
 * the duplicate sends them to look the transfer up instead. A transfer that FAILED is final at the
 * provider; only then may the payer's next account (or the same one, saved again) get a new
 * reference, the failed one kept in `previous_destinations`.
 *
 * A payment in dollars, euros or pounds goes to the payer's naira account converted, as a payout is
 * (services/payouts/conversion.ts): the transfer debits the leg's own currency wallet exactly the
 * leg, and sends the naira that costs at the provider's rate. The conversion is fixed on the leg's
 * destination with the claim of its transfer (which counts in `attempts`, so two workers cannot fix
 * two), before anything is asked of the provider; each new destination converts again at the rate
 * then. No rate is shown to the payer first, so none is checked against one.
 */

const destinationText = (to: BankDetails) =>
  `${to.account_name} at ${bankName(to.bank_code)} ${maskAccountNumber(to.account_number)}`;

/** A destination without its conversion: a new reference converts again, at the rate then. */
export function unconverted(to: RefundDestination): RefundDestination {
  const { conversion: _fixedForAnotherTransfer, ...rest } = to;
  return rest;
}

/** The next destination of a leg: the account on file, under the reference for its next try. */
function destinationFor(leg: RefundLeg, onFile: BankDetails): RefundDestination {
  const tries = (leg.previous_destinations?.length ?? 0) + 1;
  return { ...onFile, transfer_reference: `${leg.reference}-bank-${tries}` };
}

/** Writes a change of the leg with the payer's notification (about `contract`), both or neither: the leg as it now is. */
async function changeAndTell(
  leg: RefundLeg,
  set: RefundLegChanges,
  contract: LegContract,
  title: string,
  body: string,
): Promise<RefundLeg> {
  const now = new Date().toISOString();
  try {
    await transactWrite([
      refundLegUpdate(leg, set, now),
      ...notificationItems(leg.payer_id, title, body, now, { contract, email: 'refund-sent' }),
    ]);
  } catch (error) {
    if (!failedConditions(error)) throw error;
    return reloadRefundLeg(leg);
  }
  return { ...leg, ...withWaitStart(set, now), updated_at: now };
}

/** The contract a leg belongs to, as its notification links it, and as its texts name it. */
interface LegContract {
  id: string;
  title: string;
  /** `"<title>"`, or "your contract" when it is gone. */
  named: string;
}

async function contractOf(leg: RefundLeg): Promise<LegContract> {
  const contract = await getContract(leg.contract_id);
  return contract
    ? { id: contract.id, title: contract.title, named: `"${contract.title}"` }
    : { id: leg.contract_id, title: 'your contract', named: 'your contract' };
}

/** How the payer is told a leg in another currency reaches their naira account. */
const inNaira = (leg: RefundLeg) =>
  isConverted(leg.currency) ? ', converted to naira at the exchange rate of the day it goes' : '';

/**
 * The provider refused to refund the leg's payment at all (no refund was made): it goes to the
 * payer's bank account on file, or waits for one, the payer told either way.
 */
export async function refundByBankTransfer(leg: RefundLeg, reason: string): Promise<RefundLeg> {
  const [onFile, contract] = await Promise.all([bankDetailsOf(leg.payer_id), contractOf(leg)]);
  const amount = formatAmount(leg.amount_minor, leg.currency);
  const base = { method: 'bank_transfer', failure_reason: reason, transfer_id: null, transfer_status: null } as const;
  if (onFile)
    return changeAndTell(
      leg,
      { ...base, status: 'transferring', destination: destinationFor(leg, onFile) },
      contract,
      'Refund by bank transfer',
      `${amount} for ${contract.named} could not go back to the card or account you paid with, so it is being sent to your bank account, ${destinationText(onFile)}${inNaira(leg)}.`,
    );
  const waiting = await changeAndTell(
    leg,
    { ...base, status: 'awaiting_bank_details', destination: null },
    contract,
    'Refund needs your bank account',
    `${amount} for ${contract.named} could not go back to the card or account you paid with. Add your bank account in My Account (Add Bank Information) and it is sent there${inNaira(leg)}.`,
  );
  // Saved meanwhile? Saving looks for waiting legs (through an index, a moment behind) only after it
  // wrote the account, and this reads the account (consistently) only after it wrote the leg, so a
  // save racing this write is not missed by both.
  const savedSince = waiting.status === 'awaiting_bank_details' ? await bankDetailsOf(leg.payer_id) : undefined;
  return (savedSince && (await directToBank(waiting, savedSince))) || waiting;
}

/**
 * A leg waiting for its payer's bank account takes the one they have on file now (a new reference
 * for it). Every change of destination counts in `attempts`, which each change of the leg is
 * conditional on: a worker still holding a read from before (an earlier transfer, now FAILED)
 * can no longer write over the new one.
 */
export async function directToBank(leg: RefundLeg, onFile: BankDetails): Promise<RefundLeg | undefined> {
  if (leg.status !== 'awaiting_bank_details') return undefined;
  return updateRefundLeg(leg, { status: 'transferring', destination: destinationFor(leg, onFile), attempts: leg.attempts + 1 });
}

/** What a transfer to `to` sends: the leg, or the naira of its conversion. */
function sentBy(leg: RefundLeg, to: RefundDestination): { amountMinor: number; currency: string } {
  return to.conversion
    ? { amountMinor: to.conversion.amount_minor, currency: to.conversion.currency }
    : { amountMinor: leg.amount_minor, currency: leg.currency };
}

/** A transfer found under the leg's reference is its own only with the amount it sends and the leg's account. */
function isOurs(leg: RefundLeg, to: RefundDestination, transfer: ProviderTransfer): boolean {
  const sent = sentBy(leg, to);
  return (
    transfer.amountMinor === sent.amountMinor &&
    transfer.currency === sent.currency &&
    transfer.accountNumber === to.account_number &&
    transfer.bankCode === to.bank_code &&
    // Exactly ours: refunds are never retried at the provider, so no retry suffix is ever added.
    transfer.reference === to.transfer_reference
  );
}

/**
 * The provider's transfer for the leg's destination: made now, or (when the provider already has
 * our reference, from a lost answer or another worker) the one it has.
 */
async function transferFor(leg: RefundLeg, to: RefundDestination): Promise<ProviderTransfer> {
  try {
    return await createTransfer({
      reference: to.transfer_reference,
      ...sentBy(leg, to),
      // A converted leg is paid from its own currency's wallet, exactly the leg (its conversion's naira cost that).
      debitCurrency: leg.currency,
      bankCode: to.bank_code,
      accountNumber: to.account_number,
      narration: `MiddleMan refund ${leg.contract_id}`,
    });
  } catch (error) {
    if (!(error instanceof DuplicateTransferReferenceError)) throw error;
    const found = (await findTransfersByReference(to.transfer_reference)).filter((t) => isOurs(leg, to, t)).at(-1);
    if (!found) throw error;
    return found;
  }
}

/**
 * Moves a `transferring` leg as far as it goes now: makes (or finds) its transfer and records it,
 * completes the leg once the transfer is SUCCESSFUL, and hands it back to the payer when it FAILED.
 * Safe to run any number of times, from anywhere, at once.
 */
export async function moveRefundTransfer(leg: RefundLeg): Promise<RefundLeg> {
  let to = leg.destination;
  if (!to) throw new Error(`Refund leg ${leg.reference} is transferring to no account`);
  let transfer: ProviderTransfer | null;
  if (leg.transfer_id == null) {
    // Converted before anything is asked of the provider: the rate unreadable throws here (the run
    // is retried), nothing claimed. Fixed once per destination: a run after a crash sends that naira.
    if (isConverted(leg.currency) && !to.conversion) {
      const conversion = await convertPayout(leg.amount_minor, leg.currency);
      const fixed = await updateRefundLeg(leg, { destination: { ...to, conversion }, attempts: leg.attempts + 1 });
      if (!fixed) return reloadRefundLeg(leg);
      leg = fixed;
      to = { ...to, conversion };
    }
    try {
      transfer = await transferFor(leg, to);
    } catch (error) {
      // Not a refusal of this transfer (the provider unreachable, our key refused, a duplicate not listed yet): the next run asks again.
      const refusal =
        error instanceof ProviderRejectedError &&
        !(error instanceof DuplicateTransferReferenceError) &&
        error.statusCode !== 401 &&
        error.statusCode !== 403;
      if (!refusal) throw error;
      logger.error('Refund transfer refused by the provider: waiting for ops', { reference: to.transfer_reference, error });
      countMoneyEvent('RefundsFailed');
      return (await updateRefundLeg(leg, { status: 'failed', failure_reason: error.message })) ?? reloadRefundLeg(leg);
    }
    const recorded = await updateRefundLeg(leg, {
      transfer_id: transfer.id,
      transfer_status: transfer.status,
      transfer_fee_minor: transfer.feeMinor,
      // A converted leg counted this attempt with the claim of its conversion.
      attempts: isConverted(leg.currency) ? leg.attempts : leg.attempts + 1,
    });
    if (!recorded) return reloadRefundLeg(leg);
    leg = recorded;
  } else {
    transfer = await getTransfer(leg.transfer_id);
    if (!transfer) throw new Error(`Transfer ${leg.transfer_id} of refund ${leg.reference} is unknown to the provider`);
    if (transfer.status !== leg.transfer_status) {
      const recorded = await updateRefundLeg(leg, {
        transfer_status: transfer.status,
        transfer_fee_minor: transfer.feeMinor,
      });
      if (!recorded) return reloadRefundLeg(leg);
      leg = recorded;
    }
  }
  if (transfer.status === 'SUCCESSFUL') return confirmRefundLeg(leg);
  if (transfer.status === 'FAILED' && saysInsufficientFunds(transfer.completeMessage)) return walletShort(leg, to, transfer);
  if (transfer.status === 'FAILED') return transferFailed(leg, to, transfer);
  return leg;
}

/**
 * The provider failed the transfer because our wallet could not cover it: nothing is wrong with the
 * payer's account, so they are not asked for another. The leg waits for ops (`failed`, paged), its
 * next transfer to the same account under the next reference (a FAILED transfer's reference is
 * spent), which `npm run resume-refund` makes once the float is topped up.
 */
async function walletShort(leg: RefundLeg, to: RefundDestination, transfer: ProviderTransfer): Promise<RefundLeg> {
  logger.error('Refund transfer failed, the provider’s balance cannot cover it: waiting for ops', {
    reference: to.transfer_reference,
    message: transfer.completeMessage,
  });
  countMoneyEvent('RefundsFailed');
  const failed = {
    ...to,
    transfer_id: transfer.id,
    provider_message: transfer.completeMessage,
    failed_at: new Date().toISOString(),
  };
  const previous = [...(leg.previous_destinations ?? []), failed];
  return (
    (await updateRefundLeg(leg, {
      status: 'failed',
      failure_reason: `the provider's balance cannot cover it (${transfer.completeMessage}): top up the float, then npm run resume-refund`,
      destination: { ...unconverted(to), transfer_reference: `${leg.reference}-bank-${previous.length + 1}` },
      transfer_id: null,
      transfer_status: null,
      previous_destinations: previous,
    })) ?? reloadRefundLeg(leg)
  );
}

/** The bank declined the transfer (final at the provider): the payer checks their account and saves it again. */
async function transferFailed(leg: RefundLeg, to: RefundDestination, transfer: ProviderTransfer): Promise<RefundLeg> {
  logger.warn('Refund transfer failed: waiting for the payer’s bank account', {
    reference: to.transfer_reference,
    message: transfer.completeMessage,
  });
  const failed = {
    ...to,
    transfer_id: transfer.id,
    provider_message: transfer.completeMessage || null,
    failed_at: new Date().toISOString(),
  };
  const contract = await contractOf(leg);
  const waiting = await changeAndTell(
    leg,
    {
      status: 'awaiting_bank_details',
      destination: null,
      transfer_id: null,
      transfer_status: null,
      attempts: leg.attempts + 1,
      previous_destinations: [...(leg.previous_destinations ?? []), failed],
    },
    contract,
    'Refund transfer failed',
    `The transfer of ${formatAmount(leg.amount_minor, leg.currency)} for ${contract.named} to ${destinationText(to)} failed. Check your bank account in My Account (Update Bank Info) and save it again: your refund is sent there once you do.`,
  );
  // Another account saved while this transfer was on its way goes there now; the same account
  // waits for the payer to save it again, so a declined account is not tried over and over.
  if (waiting.status !== 'awaiting_bank_details') return waiting;
  const onFile = await bankDetailsOf(leg.payer_id);
  const another = onFile !== undefined && (onFile.bank_code !== to.bank_code || onFile.account_number !== to.account_number);
  return (another && (await directToBank(waiting, onFile))) || waiting;
}

/** The leg a refund transfer's reference names: `refund-<contractId>-<leg>-bank-<n>`. */
export function legOfTransferReference(reference: string): { contractId: string; leg: string } | undefined {
  const match = /^refund-([0-9A-Za-z]{1,64})-(.+)-bank-\d+$/.exec(reference);
  return match ? { contractId: match[1] as string, leg: match[2] as string } : undefined;
}

/**
 * A refund transfer as its wallet saw it (reconciliation, the provider-cover check): a converted
 * leg's transfer names the naira it sent, not what it debited (v3 does not list the debit). When it
 * is the leg's own, under one of its destinations' references and with that destination's
 * conversion, it debited exactly the leg in the leg's currency. Undefined for a transfer that is no
 * refund's; any other is answered as the provider lists it, a difference for the reconciliation.
 */
export async function refundTransferAsDebited(transfer: ProviderTransfer): Promise<ProviderTransfer | undefined> {
  const named = legOfTransferReference(transfer.reference);
  if (!named) return undefined;
  const leg = await getRefundLeg(named.contractId, named.leg);
  const to = [leg?.destination, ...(leg?.previous_destinations ?? [])].find((d) => d?.transfer_reference === transfer.reference);
  if (!leg || !to?.conversion || leg.currency !== transfer.debitCurrency || !isOurs(leg, to, transfer)) return transfer;
  return { ...transfer, amountMinor: leg.amount_minor, currency: leg.currency };
}
