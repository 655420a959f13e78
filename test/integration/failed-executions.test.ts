import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { lagosDay } from '../../lambdas/core/domain/reconciliation';
import { escrowDefinitionPath } from '../../lambdas/tasks';
import type { LocalCloud } from '../../lib/local/index';
import { startDealCloud } from '../support/deal-cloud';
import { eventually } from '../support/eventually';
import { acceptedContract, fundedContract, markCompleted, sendToAccount, transferAccount } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { executionsOf } from '../support/workflow';

/**
 * Executions that ended anyway, and executions waiting for ops, against the local cloud and ops'
 * own commands. The forced failure is the one of the issue: an execution started under the state
 * machine as it was before every Task had a Catch (AWS keeps running an execution on the
 * definition it started with), whose CancelUnfunded meets the provider down at the funding
 * window's end and fails. Money credited afterwards starts its successor; `npm run redrive`
 * continues it. Business time is real here (scale 1): a step that waits for ops retries by itself
 * only after 5 minutes, so ops' `npm run resume-execution` is what moves it.
 */
const beforeEveryTaskHadACatch = (() => {
  const definition = JSON.parse(readFileSync(escrowDefinitionPath, 'utf8')) as {
    States: Record<string, { Catch?: unknown; Choices?: Array<{ StringEquals?: string }> }>;
  };
  const { States: states } = definition;
  delete states.CancelUnfunded?.Catch;
  delete states.CancelUnfundedCaught;
  const retry = states.RetryCaughtState;
  if (retry?.Choices) retry.Choices = retry.Choices.filter((c) => c.StringEquals !== 'CancelUnfunded');
  return definition;
})();

const pin = '7391';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const touched = new Set<string>();

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    {
      workflowDefinition: beforeEveryTaskHadACatch,
      // A 4-second funding window; the transfer's wait for its webhook 5 s.
      workflowTimeouts: { AwaitFunding: 4, Transfer: 5 },
      workflowRetryIntervals: { CancelUnfunded: 50, Transfer: 20 },
      flutterwave: { transferDecideMs: 300 },
      schedules: { everyMs: 3_600_000 },
    },
    { pin, seller: 'failed-seller', buyer: 'failed-buyer' },
  ));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);
const contractOf = async (id: string) => (await call<{ contract: ContractView }>(buyer, `/contracts/${id}`)).body.contract;
const describeExecution = (name: string) => executionsOf(cloud).describe(name);
const statesOf = (name: string) => executionsOf(cloud).states(name);

/** Runs one of ops' and finance's scripts against this cloud, as they run it (`npm run <script> -- ...`). */
async function script(file: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', `scripts/${file}.ts`, ...args], { env: process.env });
  return stdout;
}

/**
 * A contract the buyer paid in full whose payment nobody heard of (its webhook lost, nobody
 * polling), and whose execution failed at the funding window's end with the provider down.
 * Answers its id and the payment's reference; the provider is back.
 */
async function failedAtTheWindowsEnd(title: string): Promise<{ id: string; txRef: string }> {
  const id = await acceptedContract(cloud, seller, buyer, { title, description: 'Made to measure', value: '25000' }, touched);
  const account = await transferAccount(cloud, buyer, id);
  cloud.flutterwave.faults.dropWebhooks = true;
  await sendToAccount(cloud, account);
  cloud.flutterwave.faults.dropWebhooks = false;
  cloud.flutterwave.faults.providerDown = true;
  try {
    const failed = await eventually(
      () => describeExecution(id),
      (e) => e?.status === 'FAILED',
      30_000,
    );
    expect(failed?.error).toBe('ProviderUnavailableError');
  } finally {
    cloud.flutterwave.faults.providerDown = false;
  }
  expect((await contractOf(id)).status).toBe('active');
  return { id, txRef: account.txRef };
}

/** Completes the deal as people do: the buyer is satisfied, the seller releases, the payout is paid once. */
async function dealCompletes(id: string): Promise<void> {
  await eventually(
    () => contractOf(id),
    (c) => c.status === 'fully_funded',
    30_000,
  );
  await markCompleted(cloud, buyer, id);
  const released = await call(seller, '/release-funds', { contractId: id, pin });
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  await eventually(
    () => contractOf(id),
    (c) => c.status === 'completed',
    30_000,
  );
  expect(cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id)))).toHaveLength(1);
  await expectBalancedLedgers([id]);
}

describe('a contract whose execution failed', () => {
  it('is credited, by the buyer’s status check and the webhook sent again at once: exactly one successor starts, fast-forwards and the deal completes', async () => {
    const { id, txRef } = await failedAtTheWindowsEnd('Curtains');
    const transaction = cloud.flutterwave.transactions().find((t) => t.txRef === txRef);
    const resend = () =>
      fetch(`${cloud.flutterwave.url}/v3/transactions/${transaction?.id}/resend-hook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${cloud.flutterwave.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ wait: 1 }),
      });
    const [polled] = await Promise.all([call(buyer, '/get-payment-status', { txRef }), resend()]);
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    const successor = await eventually(
      async () => ({
        execution: await describeExecution(`${id}--2`),
        states: await statesOf(`${id}--2`).catch((): string[] => []),
      }),
      ({ states }) => states.includes('AwaitDelivery'),
      30_000,
    );
    expect(successor.execution?.status).toBe('RUNNING');
    expect(successor.states.slice(0, 3)).toEqual(['AwaitFunding', 'Funded', 'AwaitDelivery']);
    // More credits and resumes at once find the successor running: still exactly one.
    const { openEscrow } = await import('../../lambdas/core/services/escrow-workflow');
    await Promise.all([openEscrow(id), openEscrow(id), openEscrow(id)]);
    expect(await describeExecution(`${id}--3`)).toBeUndefined();
    expect((await describeExecution(id))?.status).toBe('FAILED');

    await dealCompletes(id);
    expect((await describeExecution(`${id}--2`))?.status).toBe('SUCCEEDED');
    // Finance follows the generations: the failed execution, and the one that carried the deal on.
    const report = await script('executions', id);
    expect(report).toMatch(/Execution: FAILED since/);
    expect(report).toContain(`Execution ${id}--2: SUCCEEDED since`);
    const listed = await script('executions', '--since', lagosDay(new Date().toISOString()));
    expect(listed).toMatch(new RegExp(`${id}\\s+execution failed\\s+FAILED\\s+${id}\\s+continued by ${id}--2`));
  }, 120_000);

  it('is redriven by ops with npm run redrive, and the same execution carries the deal to the end', async () => {
    const { id } = await failedAtTheWindowsEnd('Blinds');
    const redriven = await script('redrive', id);
    expect(redriven).toContain(`Execution ${id} (FAILED: ProviderUnavailableError) redriven at`);
    await eventually(
      () => describeExecution(id),
      (e) => e?.status === 'RUNNING',
    );
    // Running, it is not redriven again.
    expect(await script('redrive', id)).toContain(`Execution ${id} is RUNNING: nothing to redrive`);

    await dealCompletes(id);
    const done = await eventually(
      () => describeExecution(id),
      (e) => e?.status === 'SUCCEEDED',
    );
    expect(done).toMatchObject({ status: 'SUCCEEDED', redriveCount: 1 });
    expect(await describeExecution(`${id}--2`)).toBeUndefined();
    expect(await script('executions', id)).toMatch(/Execution: SUCCEEDED since .*, redriven 1 time/);
  }, 120_000);
});

describe('an execution waiting for ops', () => {
  it('is counted by the sweep, listed by npm run executions (one contract, and a date range), and moves on at once when ops resume it', async () => {
    const { id } = await fundedContract(
      cloud,
      seller,
      buyer,
      { title: 'Wardrobe', description: 'Pine', value: '18000' },
      { touched },
    );
    await markCompleted(cloud, buyer, id);
    cloud.flutterwave.faults.providerDown = true;
    try {
      expect((await call(seller, '/release-funds', { contractId: id, pin })).status).toBe(200);
      await eventually(
        () => statesOf(id),
        (states) => states.includes('AwaitOps'),
        30_000,
      );
      const waiting = async () =>
        ((await cloud.runSchedule('money-sweep')) as { waitingForOps: { executions: string[] } }).waitingForOps.executions;
      expect(await waiting()).toContain(`${id} at Transfer`);
      const report = await script('executions', id);
      expect(report).toContain(`Waiting for ops: ${id} at Transfer since`);
      expect(report).toContain(`now with npm run resume-execution -- ${id}`);
      const listed = await script('executions', '--since', lagosDay(new Date().toISOString()));
      expect(listed).toMatch(
        new RegExp(`${id}\\s+execution waits for ops\\s+waiting\\s+${id}\\s+Transfer: ProviderUnavailableError`),
      );
    } finally {
      cloud.flutterwave.faults.providerDown = false;
    }
    // The cause is gone: ops try the transfer now instead of in 5 minutes.
    expect(await script('resume-execution', id)).toContain(
      `Execution ${id} resumed by local:${userInfo().username}: Transfer is tried again now`,
    );
    await eventually(
      () => contractOf(id),
      (c) => c.status === 'completed',
      30_000,
    );
    expect(cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id)))).toHaveLength(1);
    expect(
      ((await cloud.runSchedule('money-sweep')) as { waitingForOps: { executions: string[] } }).waitingForOps.executions,
    ).not.toContain(`${id} at Transfer`);
    await expectBalancedLedgers([id]);
  }, 120_000);
});
