import { InsufficientBalanceError } from '../../adapters/flutterwave/client';
import {
  createTransfer,
  DuplicateTransferReferenceError,
  findTransfersByReference,
  getTransfer,
  listTransferRetries,
  type ProviderTransfer,
  retryTransfer,
} from '../../adapters/flutterwave/transfers';
import { answerTask } from '../../adapters/workflow';
import { awaitsSellerRate, isConvertedPayout } from '../../domain/conversion';
import { payoutRetryLimit } from '../../domain/payout';
import { type Payout, updatePayout } from '../../entities/payout';
import { storeWorkflowToken } from '../../entities/workflow-token';
import { convertPayout, stillCostsThePayout } from './conversion';
import { isOurs, loadPayout, recordTransfer, transferOutput } from './record';

/**
 * The Transfer step of a payout: the provider's transfer of the payout to the creator's bank.
 *
 * Never paid twice: only the Transfer task asks the provider for a transfer, and it first claims
 * the attempt on the payout item (a conditional write of `attempts`, and `retry_of` for a retry),
 * so each attempt is asked for once; after a crash between the claim and the record, the provider
 * says whether it was made (a duplicate reference for the first, the failed transfer's retries for
 * a retry). A retry happens only after the provider says the previous transfer FAILED. Step
 * Functions runs one Transfer task of an execution at a time, and only a webhook that itself
 * recorded the failure fails the waiting task, so two runs never race for the same claim.
 */

/** How many transfers the payout may have asked for: the first, the retries, and as many again per resume by ops. */
function allowedAttempts(payout: Payout): number {
  return 1 + payoutRetryLimit * (1 + payout.resumes);
}

/** The newest of the provider's transfers for our reference (a retry is a newer transfer of the same reference). */
function newest(transfers: ProviderTransfer[]): ProviderTransfer | undefined {
  return [...transfers].sort((a, b) => b.id - a.id)[0];
}

/**
 * Makes sure the payout has a transfer at the provider and records it. The first attempt is
 * claimed, then asked for; a run after a crash between the two asks again, and the provider's
 * refusal of the duplicate reference sends it to look the transfer up instead.
 */
async function ensureTransfer(payout: Payout): Promise<Payout> {
  if (payout.transfer_id !== null) {
    const transfer = await getTransfer(payout.transfer_id);
    if (!transfer) throw new Error(`Transfer ${payout.transfer_id} of ${payout.contract_id} is unknown to the provider`);
    return transfer.status === payout.transfer_status ? payout : recordTransfer(payout, transfer);
  }
  // A naira payout of a contract in another currency fixes its conversion with the claim: every
  // attempt after it (a run after a crash, a retry) sends the same naira, found by the same amount.
  const conversion =
    payout.conversion ?? (isConvertedPayout(payout) ? await convertPayout(payout.payout_minor, payout.currency) : null);
  // Fixed only now (hours after the release when the provider was down, days when ops resumed it): a
  // rate fallen beyond the tolerance since the seller confirmed is shown to them again, nothing sent.
  if (!payout.conversion && conversion && awaitsSellerRate(payout.confirmed_rate, conversion.rate)) {
    if (!(await updatePayout(payout.contract_id, payout, { waiting_for: 'rate', moved_rate: conversion.rate })))
      return ensureTransfer(await loadPayout(payout.contract_id));
    throw new PayoutFailedError(
      `The rate fell from ${payout.confirmed_rate} to ${conversion.rate}: the payout waits for its seller to confirm it`,
    );
  }
  const claimed = { ...payout, attempts: Math.max(payout.attempts, 1), conversion };
  if (payout.attempts === 0 && !(await updatePayout(payout.contract_id, payout, { attempts: 1, conversion })))
    return ensureTransfer(await loadPayout(payout.contract_id));
  let transfer: ProviderTransfer;
  try {
    transfer = await createTransfer({
      reference: payout.reference,
      ...(conversion
        ? { amountMinor: conversion.amount_minor, currency: conversion.currency, debitCurrency: payout.currency }
        : { amountMinor: payout.payout_minor, currency: payout.currency }),
      bankCode: payout.bank_code,
      accountNumber: payout.account_number,
      narration: `MiddleMan payout ${payout.contract_id}`,
    });
  } catch (error) {
    // Refused, nothing made: no retry helps before the float is topped up, so ops at once (PayoutFailed).
    if (error instanceof InsufficientBalanceError)
      throw new PayoutFailedError(`The provider's balance cannot cover the transfer: ${error.message}`);
    if (!(error instanceof DuplicateTransferReferenceError)) throw error;
    // Asked for before (the answer was lost): find it. Only here is the provider's list read.
    const found = newest((await findTransfersByReference(payout.reference)).filter((t) => isOurs(claimed, t)));
    if (!found) throw error;
    transfer = found;
  }
  return recordTransfer(claimed, transfer);
}

/**
 * Retries the payout's FAILED transfer once. The retry is claimed first (`retry_of`); a run that
 * finds it claimed but not recorded (the answer was lost) takes the retry the provider lists for
 * that transfer, and asks again only when there is none.
 */
async function retryFailed(payout: Payout): Promise<Payout> {
  const failedId = payout.transfer_id as number;
  if (payout.retry_of === failedId) {
    const made = newest((await listTransferRetries(failedId)).filter((t) => isOurs(payout, t)));
    if (made) return recordTransfer(payout, made);
  } else {
    // The provider's retry sends the same naira at its rate then: only while that still costs exactly the payout.
    if (payout.conversion && !(await stillCostsThePayout(payout, payout.conversion)))
      throw new PayoutFailedError(
        `Transfer ${failedId} failed and the rate moved since: a resume sends the payout again, converted at the rate then`,
      );
    const claim = { attempts: payout.attempts + 1, retry_of: failedId };
    if (!(await updatePayout(payout.contract_id, payout, claim))) return loadPayout(payout.contract_id);
    payout = { ...payout, ...claim };
  }
  return recordTransfer(payout, await retryTransfer(failedId));
}

/** Why the workflow gives up on a payout for now (the Catch of the Transfer state). */
export class PayoutFailedError extends Error {
  override name = 'PayoutFailed';
}

/**
 * Transfer (a callback task): keeps the token for the webhook, then follows up with the provider:
 * answers at once when the transfer already went through, asks for the transfer when none was
 * made, retries one that FAILED while attempts remain, and otherwise waits. Every run of it (a
 * retry after a provider error, a timeout with the webhook lost, a resumed execution) does the
 * same, so it only ever moves the payout forward.
 */
export async function runTransfer(contractId: string, taskToken: string): Promise<void> {
  const stored_at = new Date().toISOString();
  await storeWorkflowToken({ contract_id: contractId, step: 'transfer', task_token: taskToken, stored_at });
  let payout = await loadPayout(contractId);
  if (payout.status === 'paid') {
    await answerTask(taskToken, transferOutput(payout));
    return;
  }
  // Still waiting for ops (a continued execution fast-forwarding here): straight back to that wait.
  if (payout.status === 'failed') throw new PayoutFailedError(`Payout of ${contractId} waits for ops to resume it`);
  if (payout.status !== 'transferring') throw new Error(`Payout of ${contractId} is ${payout.status}, not transferring`);
  payout = await ensureTransfer(payout);
  if (payout.transfer_status === 'FAILED') {
    const retryPending = payout.retry_of === payout.transfer_id;
    if (!retryPending && payout.attempts >= allowedAttempts(payout))
      throw new PayoutFailedError(`Transfer ${payout.transfer_id} failed: ${payout.provider_message ?? 'no reason given'}`);
    payout = await retryFailed(payout);
  }
  if (payout.transfer_status === 'SUCCESSFUL') await answerTask(taskToken, transferOutput(payout));
}
