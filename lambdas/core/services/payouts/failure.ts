import { logger } from '../../adapters/logger';
import { completeTask } from '../../adapters/workflow';
import { formatAmount } from '../../domain/money';
import { notificationItems } from '../../entities/notification';
import { type Payout, payoutUpdate, updatePayout } from '../../entities/payout';
import { getProfile } from '../../entities/profile';
import { failedConditions, transactWrite } from '../../entities/table';
import { getWorkflowToken, storeWorkflowToken } from '../../entities/workflow-token';
import { loadContract } from '../contracts';
import { loadPayout } from './record';

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

/** The bank account a creator has on file now, or undefined without one. */
async function bankDetailsOf(sub: string): Promise<Pick<Payout, 'bank_code' | 'account_number' | 'account_name'> | undefined> {
  const profile = await getProfile(sub);
  if (!profile?.bank_code || !profile.account_number || !profile.account_name) return undefined;
  return { bank_code: profile.bank_code, account_number: profile.account_number, account_name: profile.account_name };
}

/**
 * Ops resume a payout that waits `failed` (after fixing its cause with the provider): it gets the
 * workflow's retries again, and the Transfer step runs once more. Resuming one not waiting does nothing.
 */
export async function resumePayout(contractId: string): Promise<{ resumed: boolean; payout: Payout }> {
  const payout = await loadPayout(contractId);
  // A settlement's payout made while the creator had no bank details: it goes to the ones now on file (none: it keeps waiting).
  const destination = payout.account_number ? {} : await bankDetailsOf(payout.creator_id);
  const resumed =
    payout.status === 'failed' &&
    destination !== undefined &&
    (await updatePayout(contractId, payout, {
      status: 'transferring',
      resumes: payout.resumes + 1,
      ...destination,
      ...(payout.account_number ? {} : { provider_message: null }),
    }));
  const token = await getWorkflowToken(contractId, 'resume');
  const now = await loadPayout(contractId);
  if (token && now.status !== 'failed') await completeTask(token.task_token, { resumed: true, resumes: now.resumes });
  return { resumed, payout: now };
}
