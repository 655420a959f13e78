import { ProviderUnavailableError } from '../adapters/flutterwave/client';
import {
  createTransfer,
  DuplicateTransferReferenceError,
  findTransfersByReference,
  getTransfer,
  isAttemptOf,
  listTransferRetries,
  type ProviderTransfer,
  retryTransfer,
  transferWebhookSchema,
} from '../adapters/flutterwave/transfers';
import { isAuthenticWebhook } from '../adapters/flutterwave/webhooks';
import { logger } from '../adapters/logger';
import { completeTask, failTask } from '../adapters/workflow';
import type { ContractView } from '../api/contracts';
import { type ContractAnalytics, type PayoutView, payoutMessages } from '../api/payouts';
import { ConflictError, ForbiddenError, UnauthorizedError, UnavailableError, ValidationError } from '../domain/errors';
import { type Contract, isReleaseRequested, nextStatus } from '../domain/escrow-contract';
import { payoutPosting } from '../domain/ledger';
import { formatAmount } from '../domain/money';
import { payoutFigures, payoutReference, payoutRetryLimit } from '../domain/payout';
import { contractUpdate, updated } from '../entities/contract';
import { ledgerEntryPut } from '../entities/ledger';
import { notificationItems } from '../entities/notification';
import { getPayout, type Payout, payoutPut, payoutUpdate, type TransferStatus, updatePayout } from '../entities/payout';
import { getProfile } from '../entities/profile';
import { failedConditions, transactWrite } from '../entities/table';
import { getWorkflowToken, storeWorkflowToken } from '../entities/workflow-token';
import { checkPaymentPin } from './account-settings';
import { commitContractChange, displayName, loadContract, toContractView } from './contracts';
import { answerStep } from './escrow-workflow';

/**
 * Money out (ARCHITECTURE §5): the payer marks the contract completed, the creator requests the
 * release with the payment PIN, and the workflow pays the creator: PreparePayout, Transfer (one
 * transfer reference per contract; the `transfer.completed` webhook answers it, a lost webhook is
 * reconciled with the provider), CompletePayout (the contract `completed`, a balanced posting,
 * both parties told). A transfer that keeps failing waits, `failed`, until ops resume it.
 *
 * Never paid twice: only the Transfer task asks the provider for a transfer, and it first claims
 * the attempt on the payout item (a conditional write of `attempts`, and `retry_of` for a retry),
 * so each attempt is asked for once; after a crash between the claim and the record, the provider
 * says whether it was made (a duplicate reference for the first, the failed transfer's retries for
 * a retry). A retry happens only after the provider says the previous transfer FAILED. Step
 * Functions runs one Transfer task of an execution at a time, and only a webhook that itself
 * recorded the failure fails the waiting task, so two runs never race for the same claim.
 */

// ---------------------------------------------------------------------------------------------
// The payer: mark completed

/** The payer is satisfied: `payer_marked_satisfied`, the creator told, the workflow's satisfaction step answered. */
export async function markCompleted(contractId: string, sub: string): Promise<ContractView> {
  const contract = await loadContract(contractId);
  if (!contract.payer_user_ids.includes(sub)) throw new ForbiddenError(payoutMessages.onlyPayerMarks);
  if (contract.marked_as_cc === sub) throw new ConflictError(payoutMessages.alreadyMarked);
  const changes = {
    status: nextStatus(contract.status, 'mark_completed', payoutMessages.notMarkable(contract.status)),
    marked_as_cc: sub,
  };
  const now = new Date().toISOString();
  await commitContractChange([
    contractUpdate(contract, changes),
    ...notificationItems(
      contract.creator_id,
      'Contract marked completed',
      `${await displayName(sub)} marked "${contract.title}" completed. You can now release the funds.`,
      now,
    ),
  ]);
  await answerLater(contractId, () => answerStep(contractId, 'satisfaction'));
  return toContractView(updated(contract, changes));
}

// ---------------------------------------------------------------------------------------------
// The creator: request the release

/** The figures and destination of a contract's payout before it is requested. */
function plannedPayout(
  contract: Contract,
  bank: Pick<Payout, 'bank_code' | 'account_number' | 'account_name'> | null,
): PayoutView {
  return {
    status: 'not_requested',
    ...payoutFigures(contract.amount_paid_minor),
    reference: null,
    provider_message: null,
    bank_code: bank?.bank_code ?? null,
    account_number: bank?.account_number ?? null,
    account_name: bank?.account_name ?? null,
    paid_at: null,
  };
}

function toPayoutView(payout: Payout): PayoutView {
  const { status, released_minor, fee_minor, payout_minor, reference, provider_message } = payout;
  const { bank_code, account_number, account_name, paid_at } = payout;
  return {
    status,
    released_minor,
    fee_minor,
    payout_minor,
    reference,
    provider_message,
    bank_code,
    account_number,
    account_name,
    paid_at,
  };
}

/** `/contract-analytics/{id}`: what was paid, the fee, the payout and where it stands; the creator only. */
export async function contractAnalytics(contractId: string, sub: string): Promise<ContractAnalytics> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(payoutMessages.analyticsCreatorOnly);
  const payout = await getPayout(contractId);
  if (payout) return { contract: toContractView(contract), payout: toPayoutView(payout) };
  const profile = await getProfile(sub);
  const bank =
    profile?.account_number && profile.bank_code && profile.account_name
      ? { bank_code: profile.bank_code, account_number: profile.account_number, account_name: profile.account_name }
      : null;
  return { contract: toContractView(contract), payout: plannedPayout(contract, bank) };
}

/**
 * The creator asks for the release, with the payment PIN: `releasing`, the payout written with the
 * stored amounts and the bank details on file, the workflow's release step answered. Asking again
 * once it was asked changes nothing (200).
 */
export async function requestRelease(
  contractId: string,
  sub: string,
  pin: string,
): Promise<{ message: string; contract: ContractView }> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(payoutMessages.onlyCreatorReleases);
  const profile = await getProfile(sub);
  if (!profile) throw new ConflictError(payoutMessages.noBankDetails);
  await checkPaymentPin(profile, pin);
  if (isReleaseRequested(contract.status)) {
    await answerLater(contractId, () => answerStep(contractId, 'release'));
    return { message: payoutMessages.releaseAlreadyRequested, contract: toContractView(contract) };
  }
  const status = nextStatus(contract.status, 'request_release', payoutMessages.notSatisfied(contract.status));
  if (!profile.bank_code || !profile.account_number || !profile.account_name)
    throw new ConflictError(payoutMessages.noBankDetails);
  const now = new Date().toISOString();
  const payout: Payout = {
    contract_id: contract.id,
    creator_id: contract.creator_id,
    status: 'preparing',
    currency: contract.currency,
    ...payoutFigures(contract.amount_paid_minor),
    reference: payoutReference(contract.id),
    bank_code: profile.bank_code,
    account_number: profile.account_number,
    account_name: profile.account_name,
    transfer_id: null,
    transfer_status: null,
    attempts: 0,
    retry_of: null,
    resumes: 0,
    provider_message: null,
    requested_at: now,
    updated_at: now,
    paid_at: null,
  };
  try {
    await transactWrite([contractUpdate(contract, { status }), payoutPut(payout)]);
  } catch (error) {
    if (!failedConditions(error)) throw error;
    // Someone (this creator, in another tab or a retry) changed it first: a release already asked is the same answer.
    const now = await loadContract(contractId);
    if (!isReleaseRequested(now.status)) throw new ConflictError(payoutMessages.notSatisfied(now.status));
    return { message: payoutMessages.releaseAlreadyRequested, contract: toContractView(now) };
  }
  await answerLater(contractId, () => answerStep(contractId, 'release'));
  return { message: payoutMessages.releaseRequested, contract: toContractView(updated(contract, { status })) };
}

/**
 * Answers a workflow step after the change is written. The change stands: a failure here is
 * logged, not thrown; the step's own task finds the change when it runs again.
 */
async function answerLater(contractId: string, answer: () => Promise<unknown>): Promise<void> {
  await answer().catch((error: unknown) => logger.warn('Workflow step not answered yet', { contractId, error: error as Error }));
}

// ---------------------------------------------------------------------------------------------
// The workflow: PreparePayout, Transfer, CompletePayout, PayoutFailed, AwaitPayoutResume

async function loadPayout(contractId: string): Promise<Payout> {
  const payout = await getPayout(contractId);
  if (!payout) throw new Error(`No payout for contract ${contractId}: the release was not requested`);
  return payout;
}

/** What the state machine carries about a payout (finance reads it in the execution history). */
function payoutSummary(payout: Payout) {
  return {
    reference: payout.reference,
    currency: payout.currency,
    releasedMinor: payout.released_minor,
    feeMinor: payout.fee_minor,
    payoutMinor: payout.payout_minor,
    released: formatAmount(payout.released_minor, payout.currency),
    fee: formatAmount(payout.fee_minor, payout.currency),
    payout: formatAmount(payout.payout_minor, payout.currency),
  };
}

/**
 * PreparePayout: the payout's figures (the one platformFee on what is released) and its one
 * reference are fixed at the release; this moves it to `transferring` and hands them on. Safe to repeat.
 */
export async function preparePayout(contractId: string) {
  const payout = await loadPayout(contractId);
  const figures = payoutFigures(payout.released_minor);
  if (figures.fee_minor !== payout.fee_minor || figures.payout_minor !== payout.payout_minor)
    throw new Error(`Payout figures of ${contractId} do not add up`);
  if (payout.status === 'preparing') {
    await updatePayout(contractId, payout, { status: 'transferring' });
  }
  return payoutSummary(payout);
}

/** How many transfers the payout may have asked for: the first, the retries, and as many again per resume by ops. */
function allowedAttempts(payout: Payout): number {
  return 1 + payoutRetryLimit * (1 + payout.resumes);
}

/** A transfer of ours: the payout's reference (a retry's carries a suffix) and its amount. */
function isOurs(payout: Payout, transfer: ProviderTransfer): boolean {
  return isAttemptOf(transfer.reference, payout.reference) && transfer.amountMinor === payout.payout_minor;
}

/** Records what the provider says of the payout's current transfer; returns the payout as it now is. */
async function recordTransfer(payout: Payout, transfer: ProviderTransfer, attempts = payout.attempts): Promise<Payout> {
  const changes = {
    transfer_id: transfer.id,
    transfer_status: transfer.status as TransferStatus,
    attempts,
    provider_message: transfer.completeMessage || null,
  };
  if (await updatePayout(payout.contract_id, payout, changes)) return { ...payout, ...changes };
  return loadPayout(payout.contract_id);
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
  const claimed = { ...payout, attempts: Math.max(payout.attempts, 1) };
  if (payout.attempts === 0 && !(await updatePayout(payout.contract_id, payout, { attempts: 1 })))
    return ensureTransfer(await loadPayout(payout.contract_id));
  let transfer: ProviderTransfer;
  try {
    transfer = await createTransfer({
      reference: payout.reference,
      amountMinor: payout.payout_minor,
      currency: payout.currency,
      bankCode: payout.bank_code,
      accountNumber: payout.account_number,
      narration: `MiddleMan payout ${payout.contract_id}`,
    });
  } catch (error) {
    if (!(error instanceof DuplicateTransferReferenceError)) throw error;
    // Asked for before (the answer was lost): find it. Only here is the provider's list read.
    const found = newest((await findTransfersByReference(payout.reference)).filter((t) => isOurs(payout, t)));
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
    const claim = { attempts: payout.attempts + 1, retry_of: failedId };
    if (!(await updatePayout(payout.contract_id, payout, claim))) return loadPayout(payout.contract_id);
    payout = { ...payout, ...claim };
  }
  return recordTransfer(payout, await retryTransfer(failedId));
}

/** The Transfer task's answer, once the provider says the transfer went through. */
function transferOutput(payout: Payout) {
  return {
    transferId: payout.transfer_id,
    status: payout.transfer_status,
    reference: payout.reference,
    attempts: payout.attempts,
  };
}

/** Why the workflow gives up on a payout for now (the Catch of the Transfer state). */
export class PayoutFailedError extends Error {
  override name = 'PayoutFailed';
}

/**
 * Transfer (a callback task): keeps the token for the webhook, then reconciles with the provider:
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
    await completeTask(taskToken, transferOutput(payout));
    return;
  }
  if (payout.status !== 'transferring') throw new Error(`Payout of ${contractId} is ${payout.status}, not transferring`);
  payout = await ensureTransfer(payout);
  if (payout.transfer_status === 'FAILED') {
    const retryPending = payout.retry_of === payout.transfer_id;
    if (!retryPending && payout.attempts >= allowedAttempts(payout))
      throw new PayoutFailedError(`Transfer ${payout.transfer_id} failed: ${payout.provider_message ?? 'no reason given'}`);
    payout = await retryFailed(payout);
  }
  if (payout.transfer_status === 'SUCCESSFUL') await completeTask(taskToken, transferOutput(payout));
}

/**
 * The provider's `transfer.completed` webhook: `verif-hash` checked, the transfer read back from
 * the provider (the body only names it), recorded if it is the payout's current transfer, and the
 * waiting Transfer task answered: success, or `TransferFailed` for the state machine's Retry.
 */
export async function handleTransferWebhook(headers: Record<string, string | undefined>, body: unknown): Promise<void> {
  if (!(await isAuthenticWebhook(headers))) throw new UnauthorizedError('Invalid webhook signature.');
  const parsed = transferWebhookSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError('Not a transfer.completed webhook.');
  const transfer = await getTransfer(parsed.data.data.id).catch((error: unknown) => {
    if (error instanceof ProviderUnavailableError) throw new UnavailableError('Transfer could not be read back; send it again.');
    throw error;
  });
  const contractId = transfer ? /^payout-([0-9A-Za-z]{1,64})/.exec(transfer.reference)?.[1] : undefined;
  const payout = contractId ? await getPayout(contractId) : undefined;
  if (!transfer || !payout || !isOurs(payout, transfer)) {
    logger.warn('Transfer webhook for no payout of ours', { transferId: parsed.data.data.id });
    return;
  }
  // An earlier attempt, a payout done, or news already recorded (a repeated delivery): nothing to answer.
  if (payout.transfer_id !== transfer.id || payout.status === 'paid' || transfer.status === payout.transfer_status) return;
  const now = await recordTransfer(payout, transfer);
  if (now.transfer_id !== transfer.id || now.transfer_status !== transfer.status) return; // someone else recorded first
  if (now.status === 'failed' && now.transfer_status === 'SUCCESSFUL') {
    // It went through after the workflow gave up waiting: resume the payout so it completes.
    await resumePayout(now.contract_id);
    return;
  }
  await answerTransfer(now);
}

/** Answers the waiting Transfer task from the payout's current transfer, if it is final. */
async function answerTransfer(payout: Payout): Promise<void> {
  const token = await getWorkflowToken(payout.contract_id, 'transfer');
  if (!token) return;
  if (payout.transfer_status === 'SUCCESSFUL') await completeTask(token.task_token, transferOutput(payout));
  if (payout.transfer_status === 'FAILED')
    await failTask(token.task_token, 'TransferFailed', payout.provider_message ?? `Transfer ${payout.transfer_id} failed`);
}

/**
 * CompletePayout: the transfer went through. One transaction: the contract `completed`, the payout
 * `paid`, the posting (escrow -> fees + paid out), both parties told. Safe to repeat.
 */
export async function completePayout(
  contractId: string,
  tries = 2,
): Promise<{ completed: true } & ReturnType<typeof payoutSummary>> {
  const [contract, payout] = await Promise.all([loadContract(contractId), loadPayout(contractId)]);
  if (contract.status === 'completed' && payout.status === 'paid') return { completed: true as const, ...payoutSummary(payout) };
  if (payout.transfer_status !== 'SUCCESSFUL') throw new Error(`Payout of ${contractId} has not succeeded`);
  const now = new Date().toISOString();
  const creatorBody = `${formatAmount(payout.payout_minor, payout.currency)} for "${contract.title}" was paid to your bank account (${formatAmount(payout.released_minor, payout.currency)} released, ${formatAmount(payout.fee_minor, payout.currency)} platform fee).`;
  const payerBody = `"${contract.title}" is completed: the funds were released to the seller.`;
  try {
    await transactWrite([
      contractUpdate(contract, { status: nextStatus(contract.status, 'payout_succeeded') }),
      payoutUpdate(contractId, payout, { status: 'paid', paid_at: now }, now),
      ledgerEntryPut(contractId, payoutPosting(payout.reference, payout), now),
      ...notificationItems(contract.creator_id, 'Funds released', creatorBody, now),
      ...[...new Set([contract.acceptor_id, ...contract.payer_user_ids])].flatMap((payer) =>
        notificationItems(payer, 'Contract completed', payerBody, now),
      ),
    ]);
  } catch (error) {
    if (!failedConditions(error) || tries <= 1) throw error;
    return completePayout(contractId, tries - 1); // changed meanwhile: read again (done, or try once more)
  }
  return { completed: true as const, ...payoutSummary(payout) };
}

/**
 * PayoutFailed: the transfer kept failing. The payout waits `failed` (the money stays in escrow,
 * accounted), the creator is told, and finance is alerted through the logs; ops resume it.
 */
export async function payoutFailed(contractId: string, cause: string) {
  const [contract, payout] = await Promise.all([loadContract(contractId), loadPayout(contractId)]);
  // The money left but the completion could not be written: finance and ops finish it; the creator is not told of a failure.
  const transferred = payout.transfer_status === 'SUCCESSFUL';
  if (payout.status === 'transferring') {
    const now = new Date().toISOString();
    const body = `We could not complete the transfer of ${formatAmount(payout.payout_minor, payout.currency)} for "${contract.title}" to your bank account. Your funds are safe in escrow; our team has been alerted and will retry it.`;
    await transactWrite([
      payoutUpdate(contractId, payout, { status: 'failed' }, now),
      ...(transferred ? [] : notificationItems(contract.creator_id, 'Payout delayed', body, now)),
    ]).catch((error: unknown) => {
      if (!failedConditions(error)) throw error;
    });
  }
  logger.error('Payout failed: waiting for ops to resume it', { contractId, reference: payout.reference, cause });
  return { failed: true, reference: payout.reference, attempts: payout.attempts };
}

/** AwaitPayoutResume (a callback task): keeps the token for ops; answers at once if ops already resumed. */
export async function awaitPayoutResume(contractId: string, taskToken: string): Promise<void> {
  const stored_at = new Date().toISOString();
  await storeWorkflowToken({ contract_id: contractId, step: 'resume', task_token: taskToken, stored_at });
  const payout = await loadPayout(contractId);
  if (payout.status !== 'failed') await completeTask(taskToken, { resumed: true, resumes: payout.resumes });
}

/**
 * Ops resume a payout that waits `failed` (after fixing its cause with the provider): it gets the
 * workflow's retries again, and the Transfer step runs once more. Resuming one not waiting does nothing.
 */
export async function resumePayout(contractId: string): Promise<{ resumed: boolean; payout: Payout }> {
  const payout = await loadPayout(contractId);
  const resumed =
    payout.status === 'failed' &&
    (await updatePayout(contractId, payout, { status: 'transferring', resumes: payout.resumes + 1 }));
  const token = await getWorkflowToken(contractId, 'resume');
  const now = await loadPayout(contractId);
  if (token && now.status !== 'failed') await completeTask(token.task_token, { resumed: true, resumes: now.resumes });
  return { resumed, payout: now };
}
