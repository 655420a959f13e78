import { timeScale } from '../adapters/env';
import { logger } from '../adapters/logger';
import type { MilestoneView } from '../api/contracts';
import { secondsUntil } from '../domain/delivery';
import { type Contract, isFinal, nextStatus, payersOf } from '../domain/escrow-contract';
import {
  type ContractMilestone,
  hasMilestones,
  type MilestoneState,
  milestoneContract,
  nextMilestoneStep,
} from '../domain/milestones';
import { payoutFigures } from '../domain/payout';
import { contractPut, contractUpdate, getContract, loadContract } from '../entities/contract';
import { notificationItems } from '../entities/notification';
import { onConditionFailed, transactWrite } from '../entities/table';
import { answerStepLater, openEscrow } from './escrow-workflow';

/**
 * The milestones of a contract (issue 38; the rules in domain/milestones.ts): its execution, once
 * the whole contract is funded, starts each milestone's own contract in order when the one before
 * it ended, and ends the contract when every milestone did. A milestone contract runs the escrow
 * workflow unchanged; its last step advances the whole contract here. Everything here is safe to
 * repeat and to run twice at once: a milestone contract is put only if its id is new, and only with a
 * new version of the whole contract from the one it was decided on, so a cancellation decided on
 * the same version cannot also send the milestone's money back.
 */

/** The milestone contracts of a contract, by number (the ones not started are absent). */
export async function milestoneContracts(
  contract: Contract & { milestones: ContractMilestone[] },
): Promise<Map<number, Contract>> {
  const found = await Promise.all(contract.milestones.map((m) => getContract(m.contract_id)));
  return new Map(contract.milestones.flatMap((m, index) => (found[index] ? [[m.number, found[index]] as const] : [])));
}

/** Where each milestone stands, by number. */
export function milestoneStates(children: ReadonlyMap<number, Contract>): Map<number, MilestoneState> {
  return new Map([...children].map(([number, child]) => [number, child.status]));
}

/** How long the whole contract's execution waits before looking again when nothing answered it (20 days, the longest timer). */
const lookAgainSeconds = 20 * 24 * 60 * 60;

/** What AwaitMilestones and MilestonesDue hand the state machine: the whole contract's status, and when to look again. */
export interface MilestonesTimer {
  status: Contract['status'];
  amountPaidMinor: number;
  /** Seconds until the delivery deadline while it is partly funded; the longest timer once its milestones run. */
  deliverySeconds: number;
  milestones: true;
}

export function milestonesTimer(contract: Contract, now = Date.now()): MilestonesTimer {
  const partlyFunded = contract.status === 'in_escrow' || contract.status === 'active';
  const seconds = partlyFunded && contract.delivery_due_at ? secondsUntil(contract.delivery_due_at, now) : lookAgainSeconds;
  return {
    status: contract.status,
    amountPaidMinor: contract.amount_paid_minor,
    deliverySeconds: Math.min(seconds, lookAgainSeconds),
    milestones: true,
  };
}

/**
 * Moves a contract with milestones on, from what its milestone contracts say: once it is fully
 * funded, starts the first milestone not started when every one before it ended (and makes sure a
 * running one has its execution); when all ended, the contract is completed and its execution
 * answered. Nothing for a contract without milestones, or one cancelled or not yet fully funded.
 * Answers the contract as it now is.
 */
export async function advanceMilestones(contractId: string): Promise<Contract> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const contract = await loadContract(contractId);
    if (!hasMilestones(contract) || contract.status !== 'fully_funded') return contract;
    const children = await milestoneContracts(contract);
    const step = nextMilestoneStep(contract.milestones, milestoneStates(children), isFinal);
    if (step.kind === 'wait') {
      await openEscrow(step.milestone.contract_id);
      return contract;
    }
    // A refused write: the contract changed meanwhile (cancelled, or another worker got there first): look again.
    if (step.kind === 'start' && (await startMilestone(contract, step.milestone))) return contract;
    if (step.kind === 'ended' && (await endMilestones(contract))) return loadContract(contractId);
  }
  return loadContract(contractId);
}

/** Puts a milestone's contract (while the whole contract is unchanged), tells both parties, starts its execution. */
async function startMilestone(
  contract: Contract & { milestones: ContractMilestone[] },
  milestone: ContractMilestone,
): Promise<boolean> {
  const now = new Date().toISOString();
  const child = milestoneContract(contract, milestone, now, timeScale());
  const count = contract.milestones.length;
  const body = `Milestone ${milestone.number} of ${count} of "${contract.title}" ("${milestone.title}") has started: the seller delivers it, then the buyer inspects it.`;
  const written = await onConditionFailed(
    transactWrite([
      // A new version of the whole contract, not only a check of it: a cancellation decided on the
      // version before (which would refund this milestone's money as no milestone's) is refused.
      contractUpdate(contract, {}),
      contractPut(child),
      ...partiesOf(contract).flatMap((who) =>
        notificationItems(who, 'Milestone started', body, now, { contract: child, email: 'milestone-started' }),
      ),
    ]).then(() => true),
    () => false,
  );
  if (!written) return false;
  logger.info('Milestone started', { contractId: contract.id, milestone: milestone.number, milestoneContractId: child.id });
  await openEscrow(child.id);
  return true;
}

/** The seller and everyone on the buying side, each once. */
const partiesOf = (contract: Contract) => [contract.creator_id, ...payersOf(contract)];

/** Every milestone ended: the whole contract is completed (its money all went out through them) and its execution answered. */
async function endMilestones(contract: Contract): Promise<boolean> {
  const now = new Date().toISOString();
  const changes = { status: nextStatus(contract.status, 'milestones_ended') };
  const body = `Every milestone of "${contract.title}" has ended: the contract is complete.`;
  const written = await onConditionFailed(
    transactWrite([
      contractUpdate(contract, changes),
      ...partiesOf(contract).flatMap((who) => notificationItems(who, 'Contract complete', body, now, { contract })),
    ]).then(() => true),
    () => false,
  );
  if (written) await answerStepLater(contract.id, 'milestones');
  return written;
}

/**
 * A milestone contract's execution reached its end (paid, settled or cancelled): the whole
 * contract moves on. Nothing for a contract that is not a milestone.
 */
export async function milestoneEnded(contractId: string): Promise<void> {
  const contract = await loadContract(contractId);
  if (!contract.milestone_of || !isFinal(contract.status)) return;
  await advanceMilestones(contract.milestone_of.contract_id);
}

/** MilestonesDue: the whole contract's timer fired: past its delivery deadline while partly funded, refunded in full; else moved on and timed again. */
export async function milestonesDue(
  contractId: string,
  refundUndelivered: (contractId: string) => Promise<unknown>,
  now = Date.now(),
): Promise<MilestonesTimer> {
  const contract = await advanceMilestones(contractId);
  if (contract.status === 'in_escrow' && contract.delivery_due_at && now >= Date.parse(contract.delivery_due_at)) {
    await refundUndelivered(contractId);
    return milestonesTimer(await loadContract(contractId), now);
  }
  return milestonesTimer(contract, now);
}

/** The milestones as the contract's page shows them: where each stands, its fee and payout. */
export async function milestoneViews(contract: Contract): Promise<MilestoneView[] | undefined> {
  if (!hasMilestones(contract)) return undefined;
  const children = await milestoneContracts(contract);
  return contract.milestones.map((m) => {
    const child = children.get(m.number);
    const { fee_minor, payout_minor } = payoutFigures(m.amount_minor);
    return {
      number: m.number,
      title: m.title,
      amount_minor: m.amount_minor,
      fee_minor,
      payout_minor,
      due_date: m.due_date,
      contract_id: m.contract_id,
      status: child?.status ?? 'not_started',
      delivered_at: child?.delivered_at ?? null,
    };
  });
}
