import type { ContractView } from '../api/contracts';
import { satisfactionMessages } from '../api/satisfaction';
import { ConflictError, ForbiddenError } from '../domain/errors';
import { nextStatus } from '../domain/escrow-contract';
import { assertNotSplit } from '../domain/milestones';
import { commitContractChange, contractUpdate, loadContract, updated } from '../entities/contract';
import { notificationItems } from '../entities/notification';
import { toContractView } from './contract-view';
import { answerStepLater } from './escrow-workflow';
import { displayName } from './people';

/**
 * Satisfaction: the payer's acceptance of what was delivered (the spec's "mark completed"). It is
 * what lets the creator ask for the release; the payout itself is services/payouts.
 */

/** The payer is satisfied: `payer_marked_satisfied`, the creator told, the workflow's satisfaction step answered. */
export async function markSatisfied(contractId: string, sub: string): Promise<ContractView> {
  const contract = await loadContract(contractId);
  if (!contract.payer_user_ids.includes(sub)) throw new ForbiddenError(satisfactionMessages.onlyPayerMarks);
  if (contract.marked_as_cc === sub) throw new ConflictError(satisfactionMessages.alreadyMarked);
  assertNotSplit(contract);
  const changes = {
    status: nextStatus(contract.status, 'mark_satisfied', satisfactionMessages.notMarkable(contract.status)),
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
      { contract, email: 'contract-satisfied' },
    ),
  ]);
  await answerStepLater(contractId, 'delivery');
  await answerStepLater(contractId, 'inspection');
  return toContractView(updated(contract, changes));
}
