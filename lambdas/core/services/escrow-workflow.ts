import { timeScale } from '../adapters/env';
import { logger } from '../adapters/logger';
import { answerTask, describeEscrowExecution, failTask, nextExecutionName, startEscrowExecution } from '../adapters/workflow';
import { deliveryTimer, inspectionTimer, secondsUntil } from '../domain/delivery';
import {
  type Contract,
  isFinal,
  isInDispute,
  isReleaseRequested,
  mayExpireUnfunded,
  nextStatus,
} from '../domain/escrow-contract';
import {
  executionLifetimeDays,
  needsSuccessor,
  rearmDecision,
  type WaitLifetime,
  waitEndsPastLifetime,
} from '../domain/execution-lifetime';
import { hasMilestones } from '../domain/milestones';
import { commitContractChange, contractUpdate, getContract, loadContract, updated } from '../entities/contract';
import { getDispute } from '../entities/dispute';
import { notificationItems } from '../entities/notification';
import { getPayout } from '../entities/payout';
import { getWorkflowToken, storeWorkflowToken, type WorkflowStep } from '../entities/workflow-token';

/**
 * The contract's side of the escrow state machine (ARCHITECTURE §5). Each callback task stores its
 * token first and then looks at the contract; each change that completes a step is written first
 * and then answers the stored token. Whatever the order, one of the two answers the task, and a
 * task re-run from the start (a resumed execution) only fast-forwards.
 */

/** The steps that wait for a change of the contract (the payout's own steps are in services/payouts/). */
export type ContractStep = Extract<
  WorkflowStep,
  'funding' | 'delivery' | 'inspection' | 'release' | 'settlement' | 'refunds' | 'milestones'
>;

/** The statuses of a contract that is funded and waits for its delivery (or the payer's early acceptance). */
const awaitingDelivery: readonly Contract['status'][] = ['active', 'in_escrow', 'fully_funded'];

/** What each callback step waits for, and what it hands the state machine when it happened. */
const steps: Record<ContractStep, { happened: (c: Contract) => boolean; output: (c: Contract) => object | Promise<object> }> = {
  // Money in: the delivery deadline's timer starts (its seconds are handed on to AwaitDelivery).
  funding: {
    happened: (c) => c.amount_paid_minor > 0,
    output: (c) => ({ ...deliveryTimer(c, Date.now()), milestones: hasMilestones(c) }),
  },
  // Delivered (the inspection timer starts: its first wait is handed on), accepted early, or more.
  delivery: {
    happened: (c) => !awaitingDelivery.includes(c.status),
    output: (c) => inspectionTimer(c, false, Date.now(), timeScale()),
  },
  // Accepted within the window, or anything else that ended the inspection.
  inspection: {
    happened: (c) => c.status !== 'delivered',
    output: (c) => ({ status: c.status, seconds: 1, markedBy: c.marked_as_cc }),
  },
  // Requested, or a dispute opened first (the release is frozen; the workflow follows the dispute).
  release: {
    happened: (c) => isReleaseRequested(c.status) || isInDispute(c.status),
    output: (c) => ({ status: c.status }),
  },
  // Settled (by agreement, the creator's full refund or ops), or beyond.
  settlement: {
    happened: (c) => c.status !== 'disputed',
    output: (c) => settlementTimer(c),
  },
  // A contract with milestones: every milestone ended, or it was cancelled (or refunded for want of full funding).
  milestones: {
    happened: (c) => !awaitingDelivery.includes(c.status),
    output: (c) => ({ status: c.status }),
  },
  // Every refund leg confirmed (and the payout paid): the contract reached its final status.
  refunds: {
    happened: (c) => isFinal(c.status),
    output: (c) => ({ status: c.status }),
  },
};

/** Where a dispute stands for the state machine (SettlementDue, AwaitSettlement, AwaitOpsDecision). */
export interface SettlementTimer {
  status: Contract['status'];
  /** The parties' window ended without agreement: ops decide. */
  awaitingOps: boolean;
  /** Seconds until the agreement window ends (1 at least). */
  seconds: number;
  /** The settlement's payout: none, ready to transfer, or waiting for the creator's bank details. */
  payout: 'none' | 'ready' | 'waiting';
}

/** The settlement timer of a contract as of `now`. */
export async function settlementTimer(contract: Contract, now = Date.now()): Promise<SettlementTimer> {
  const dispute = await getDispute(contract.id);
  const released = dispute?.settlement?.released_minor ?? 0;
  const payout = contract.status === 'settling' && released > 0 ? await getPayout(contract.id) : undefined;
  return {
    status: contract.status,
    awaitingOps: dispute?.status === 'awaiting_ops',
    seconds: dispute ? secondsUntil(dispute.agree_by, now) : 1,
    payout: !payout ? 'none' : payout.status === 'failed' && !payout.account_number ? 'waiting' : 'ready',
  };
}

export { executionLifetimeDays } from '../domain/execution-lifetime';

/** Rearm, when a long wait's timer fired: whether the execution should continue as a new one now, or wait again. */
export function rearm(wait: string, startedAt: string, now = Date.now()): { wait: string; continueAsNew: boolean } {
  return rearmDecision(wait, startedAt, timeScale(), now);
}

/** No contract has this many executions: a walk that gets here is a defect, not a contract. */
const maxGenerations = 1000;

/**
 * Makes sure the contract has an execution running, from the execution `from` on: starts it, or,
 * when that name is taken by an execution that ended and the contract needs the next
 * ({@link needsSuccessor}: it failed, timed out or was stopped, or ended with the contract not
 * final), the next one (`<id>--2`, `--3`, ...), and so on; an execution still running is the
 * contract's. Races are harmless: two callers at once start the same next name with the same input,
 * which Step Functions answers with the same execution (one successor). Answers the execution that
 * runs now, or undefined when the contract's last execution ended with nothing left to do.
 */
async function ensureExecutionFrom(contractId: string, from: string): Promise<string | undefined> {
  let name = from;
  for (let generation = 0; generation < maxGenerations; generation++) {
    if (await startEscrowExecution(contractId, name)) return name;
    const ended = await describeEscrowExecution(name);
    // Gone between the start and the look (AWS forgets an execution 90 days after it ended): start it again.
    if (!ended) continue;
    const contract = await getContract(contractId);
    if (!needsSuccessor(ended.status, contract ? isFinal(contract.status) : true)) {
      return ended.status === 'RUNNING' || ended.status === 'PENDING_REDRIVE' ? name : undefined;
    }
    logger.warn('Escrow execution ended with the contract still open: starting the next one', {
      contractId,
      execution: name,
      status: ended.status,
    });
    name = nextExecutionName(contractId, name);
  }
  throw new Error(`Contract ${contractId} has more than ${maxGenerations} executions`);
}

/**
 * ContinueAsNew: starts the contract's next execution, which fast-forwards (every callback task
 * answers at once what already happened) to the wait this one was in. Safe to repeat.
 */
export async function continueAsNew(contractId: string, executionName: string): Promise<{ next: string }> {
  const next = nextExecutionName(contractId, executionName);
  return { next: (await ensureExecutionFrom(contractId, next)) ?? next };
}

/**
 * Makes sure the contract's escrow runs (once it is `active`, after each credit, after ops resume
 * something): its first execution, or the one that carries on after it ended. Safe to repeat.
 */
export async function openEscrow(contractId: string): Promise<void> {
  await ensureExecutionFrom(contractId, contractId);
}

/**
 * A callback task's first look: a wait that could end after the execution's lifetime mark is not
 * started (its task fails at once with ExecutionLifetimeEnded, which the state caught into
 * ContinueAsNew), so no execution runs into AWS's year. True when it ended the wait.
 */
export async function endWaitPastLifetime(taskToken: string, lifetime: WaitLifetime, now = Date.now()): Promise<boolean> {
  if (!waitEndsPastLifetime(lifetime, timeScale(), now)) return false;
  await failTask(
    taskToken,
    'ExecutionLifetimeEnded',
    `The execution started at ${lifetime.startedAt} reaches its ${executionLifetimeDays}-day mark before this wait could end: it continues as a new execution.`,
  );
  return true;
}

/** A callback task's work: keep the token where the contract's changes find it, and answer at once if the step already happened. */
export async function waitForStep(contractId: string, step: ContractStep, taskToken: string): Promise<void> {
  await storeWorkflowToken({ contract_id: contractId, step, task_token: taskToken, stored_at: new Date().toISOString() });
  const contract = await loadContract(contractId);
  if (steps[step].happened(contract)) await answerTask(taskToken, await steps[step].output(contract));
}

/** After a change that may complete a step was written: answers the task waiting on it, if any. */
export async function answerStep(contractId: string, step: ContractStep): Promise<void> {
  const [token, contract] = await Promise.all([getWorkflowToken(contractId, step), getContract(contractId)]);
  if (token && contract && steps[step].happened(contract)) await answerTask(token.task_token, await steps[step].output(contract));
}

/**
 * {@link answerStep} after the change is written. The change stands: a failure here is logged,
 * not thrown; the step's own task finds the change when it runs again.
 */
export async function answerStepLater(contractId: string, step: ContractStep): Promise<void> {
  await answerStep(contractId, step).catch((error: unknown) =>
    logger.warn('Workflow step not answered yet', { contractId, error: error as Error }),
  );
}

/**
 * The funding window ended: cancels the contract if nothing was paid, telling both parties.
 * Returns whether it is cancelled; false when a payment got in first (the workflow goes on).
 */
export async function cancelUnfunded(contractId: string): Promise<boolean> {
  const contract = await loadContract(contractId);
  if (contract.status === 'cancelled') return true;
  if (!mayExpireUnfunded(contract)) return false;
  const now = new Date().toISOString();
  const changes = { status: nextStatus(contract.status, 'funding_expired') };
  const body = `"${contract.title}" was cancelled: nothing was paid into escrow within the funding window.`;
  await commitContractChange([
    contractUpdate(contract, changes),
    ...notificationItems(contract.creator_id, 'Contract cancelled', body, now, { contract, email: 'contract-cancelled' }),
    ...notificationItems(contract.acceptor_id, 'Contract cancelled', body, now, { contract, email: 'contract-cancelled' }),
  ]);
  return updated(contract, changes).status === 'cancelled';
}
