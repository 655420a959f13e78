import { ProviderUnavailableError } from '../../adapters/flutterwave/client';
import { getTransfer, transferWebhookSchema } from '../../adapters/flutterwave/transfers';
import { isAuthenticWebhook } from '../../adapters/flutterwave/webhooks';
import { logger } from '../../adapters/logger';
import { answerTask, failTask } from '../../adapters/workflow';
import { UnauthorizedError, UnavailableError, ValidationError } from '../../domain/errors';
import { getPayout, type Payout } from '../../entities/payout';
import { getWorkflowToken } from '../../entities/workflow-token';
import { handleRefundTransfer } from '../refunds/webhook';
import { resumePayout } from './failure';
import { isOurs, recordTransfer, transferOutput } from './record';

/**
 * The provider's `transfer.completed` webhook: `verif-hash` checked, the transfer read back from
 * the provider (the body only names it), recorded if it is the payout's current transfer, and the
 * waiting Transfer task answered: success, or `TransferFailed` for the state machine's Retry. A
 * refund's transfer (`refund-...`) moves its refund leg instead.
 */
export async function handleTransferWebhook(headers: Record<string, string | undefined>, body: unknown): Promise<void> {
  if (!(await isAuthenticWebhook(headers))) throw new UnauthorizedError('Invalid webhook signature.');
  const parsed = transferWebhookSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError('Not a transfer.completed webhook.');
  const transfer = await getTransfer(parsed.data.data.id).catch((error: unknown) => {
    if (error instanceof ProviderUnavailableError) throw new UnavailableError('Transfer could not be read back; send it again.');
    throw error;
  });
  // A refund sent by bank transfer (its payment could not be refunded) is the refund legs' business.
  if (transfer?.reference.startsWith('refund-')) return handleRefundTransfer(transfer);
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
  if (payout.transfer_status === 'SUCCESSFUL') await answerTask(token.task_token, transferOutput(payout));
  if (payout.transfer_status === 'FAILED')
    await failTask(token.task_token, 'TransferFailed', payout.provider_message ?? `Transfer ${payout.transfer_id} failed`);
}
