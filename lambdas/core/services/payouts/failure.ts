import { logger } from '../../adapters/logger';
import { countMoneyEvent } from '../../adapters/metrics';
import { answerTask } from '../../adapters/workflow';
import { describeRate, destinationCurrencyOf, rateTolerancePercent } from '../../domain/conversion';
import { formatAmount } from '../../domain/money';
import { payoutReference } from '../../domain/payout';
import { listContractsByCreator, loadContract } from '../../entities/contract';
import { notificationItems } from '../../entities/notification';
import { getPayout, type Payout, payoutUpdate, updatePayout } from '../../entities/payout';
import { type BankDetails, getProfile, payoutAccountIn, payoutAccountOf } from '../../entities/profile';
import { failedConditions, transactWrite } from '../../entities/table';
import { getWorkflowToken, storeWorkflowToken } from '../../entities/workflow-token';
import { openEscrow } from '../escrow-workflow';
import { loadPayout } from './record';

/**
 * PayoutFailed: the transfer kept failing. The payout waits `failed` (the money stays in escrow,
 * accounted), the creator is told, and finance is alerted through the logs; ops resume it. One that
 * waits because the rate fell beyond the tolerance before it was sent (transfer.ts) waits for its
 * seller instead: they are asked to confirm the new figures, and nobody is alerted.
 */
export async function payoutFailed(contractId: string, cause: string) {
  const [contract, payout] = await Promise.all([loadContract(contractId), loadPayout(contractId)]);
  // The money left but the completion could not be written: finance and ops finish it; the creator is not told of a failure.
  const transferred = payout.transfer_status === 'SUCCESSFUL';
  const forSeller = payout.waiting_for === 'rate';
  if (payout.status === 'transferring') {
    const now = new Date().toISOString();
    const [title, body] = forSeller
      ? rateMovedNotice(contract.title, payout)
      : ['Payout delayed', delayedBody(contract.title, payout)];
    await transactWrite([
      payoutUpdate(contractId, payout, { status: 'failed' }, now),
      ...(transferred ? [] : notificationItems(contract.creator_id, title, body, now, { contract, email: 'payout-delayed' })),
    ]).catch((error: unknown) => {
      if (!failedConditions(error)) throw error;
    });
  }
  if (forSeller) {
    logger.info('Payout waits for its seller to confirm the new exchange rate', {
      contractId,
      reference: payout.reference,
      cause,
    });
    return { failed: true, reference: payout.reference, attempts: payout.attempts };
  }
  logger.error('Payout failed: waiting for ops to resume it', { contractId, reference: payout.reference, cause });
  countMoneyEvent('PayoutsFailed');
  return { failed: true, reference: payout.reference, attempts: payout.attempts };
}

function delayedBody(title: string, payout: Payout): string {
  return `We could not complete the transfer of ${formatAmount(payout.payout_minor, payout.currency)} for "${title}" to your bank account. Your funds are safe in escrow; our team has been alerted and will retry it.`;
}

/** The seller's notice that the rate moved before their payout was sent: the new figures, and where to confirm them. */
function rateMovedNotice(title: string, payout: Payout): [string, string] {
  const shown = describeRate(payout.confirmed_rate ?? 0, payout.currency);
  const now = describeRate(payout.moved_rate ?? 0, payout.currency);
  return [
    'Confirm the new exchange rate',
    `The exchange rate moved from ${shown} to ${now} before the transfer of ${formatAmount(payout.payout_minor, payout.currency)} for "${title}" was made, more than the ${rateTolerancePercent} we honour. Your funds are safe in escrow: check the new amount on the contract page and confirm it with your PIN.`,
  ];
}

/** AwaitPayoutResume (a callback task): keeps the token for ops; answers at once if ops already resumed. */
export async function awaitPayoutResume(contractId: string, taskToken: string): Promise<void> {
  const stored_at = new Date().toISOString();
  await storeWorkflowToken({ contract_id: contractId, step: 'resume', task_token: taskToken, stored_at });
  const payout = await loadPayout(contractId);
  if (payout.status !== 'failed') await answerTask(taskToken, { resumed: true, resumes: payout.resumes });
}

/**
 * Whether nothing of the payout can still reach its current account: no transfer ever asked for,
 * or the last one FAILED and no retry claimed. A claimed attempt whose transfer was never recorded
 * (its answer lost) may exist at the provider: that is not nothing.
 */
function nothingInFlight(payout: Payout): boolean {
  if (payout.transfer_id === null) return payout.attempts === 0;
  return payout.transfer_status === 'FAILED' && payout.retry_of !== payout.transfer_id;
}

/** The payout's change of account on a resume: none, the first details, or a redirect under a new reference. */
function destinationChange(payout: Payout, onFile: BankDetails | undefined): Partial<Payout> {
  if (!onFile) return {};
  if (!payout.account_number) return { ...onFile, provider_message: null };
  const same = onFile.bank_code === payout.bank_code && onFile.account_number === payout.account_number;
  // A converted payout is sent again under a new reference even to the same account, converted at the
  // rate then: the provider's retry would send the first naira, which may no longer cost the payout.
  const resendConverted = Boolean(payout.conversion) && payout.transfer_id !== null;
  if ((same && !resendConverted) || !nothingInFlight(payout)) return {};
  const previous = payout.previous_destinations ?? [];
  return {
    ...onFile,
    reference: payoutReference(payout.contract_id, previous.length + 2),
    transfer_id: null,
    transfer_status: null,
    attempts: 0,
    retry_of: null,
    provider_message: null,
    // A converted payout is converted again at the new account's first transfer, at the rate then.
    conversion: null,
    previous_destinations: [
      ...previous,
      {
        reference: payout.reference,
        bank_code: payout.bank_code,
        account_number: payout.account_number,
        account_name: payout.account_name,
        transfer_id: payout.transfer_id,
        transfer_status: payout.transfer_status,
        attempts: payout.attempts,
        provider_message: payout.provider_message,
        redirected_at: new Date().toISOString(),
      },
    ],
  };
}

/**
 * Ops resume a payout that waits `failed` (after fixing its cause with the provider, or once the
 * creator saved corrected bank details): it gets the workflow's retries again, and the Transfer
 * step runs once more. To the bank details on file now: a payout that had none takes them; one
 * whose account the creator has since changed is redirected there under a new reference, its old
 * attempts kept, but only when nothing can still reach the old account (no transfer made, or the
 * last one FAILED with no retry in flight), so it is never paid twice. Resuming one not waiting
 * does nothing. A contract whose execution ended meanwhile has the next one started, which
 * fast-forwards to the transfer. The seller's confirmation of a moved rate resumes it the same way,
 * with the rate they confirmed (`confirmation`); one waiting for that which ops resume instead is
 * checked again against the rate confirmed before.
 */
export async function resumePayout(
  contractId: string,
  confirmation: Pick<Payout, 'confirmed_rate'> = {},
): Promise<{ resumed: boolean; payout: Payout }> {
  const payout = await loadPayout(contractId);
  // The account of the currency it goes in: a payout to the dollar account moves to the new dollar account, never the naira one.
  const onFile = await payoutAccountOf(payout.creator_id, destinationCurrencyOf(payout));
  // A settlement's payout made while the creator had no bank details keeps waiting until they add some.
  const resumed =
    payout.status === 'failed' &&
    (payout.account_number !== '' || onFile !== undefined) &&
    (await updatePayout(contractId, payout, {
      status: 'transferring',
      resumes: payout.resumes + 1,
      // No longer waiting for the seller's rate: the transfer checks the rate again when it converts.
      waiting_for: null,
      moved_rate: null,
      ...confirmation,
      ...destinationChange(payout, onFile),
    }));
  const token = await getWorkflowToken(contractId, 'resume');
  const now = await loadPayout(contractId);
  if (token && now.status !== 'failed') await answerTask(token.task_token, { resumed: true, resumes: now.resumes });
  // An execution that ended meanwhile (failed, stopped) answers no token: the next one carries the payout on.
  if (resumed) await openEscrow(contractId);
  return { resumed, payout: now };
}

/**
 * After a creator saves a bank account (naira or dollar): each of their payouts waiting for ops because it had
 * no account, or whose account in its currency failed and is now replaced, is resumed to the new one (the
 * settlement told them "once you add your bank details"). One waiting at the same account, or with
 * a transfer that could still reach the old one, stays for ops. Answers how many were resumed.
 */
export async function resumePayoutsToNewAccount(sub: string): Promise<number> {
  const paying = (await listContractsByCreator(sub)).filter((c) => c.status === 'releasing' || c.status === 'settling');
  const profile = await getProfile(sub);
  let resumed = 0;
  for (const contract of paying) {
    const payout = await getPayout(contract.id);
    if (payout?.status !== 'failed') continue;
    // Each payout follows the account of the currency it goes in (naira, or the dollar account).
    const onFile = payoutAccountIn(profile, destinationCurrencyOf(payout));
    if (!onFile) continue;
    // A new account only: a converted payout resent to the same one (destinationChange) stays ops' to resume.
    const newAccount = onFile.bank_code !== payout.bank_code || onFile.account_number !== payout.account_number;
    const moved = payout.account_number === '' || (newAccount && destinationChange(payout, onFile).reference !== undefined);
    if (moved && (await resumePayout(contract.id)).resumed) resumed++;
  }
  return resumed;
}
