import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { payoutReference } from '../../lambdas/core/domain/payout';
import type { LocalCloud } from '../../lib/local/index';
import { startDealCloud } from '../support/deal-cloud';
import { eventually } from '../support/eventually';
import { acceptedContract, fundedContract, markCompleted, sendToAccount, transferAccount } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { providerRefundsOf } from '../support/sandbox-payer';
import { executionsOf } from '../support/workflow';

/**
 * No escrow execution ends FAILED with money inside, against the local cloud and the real state
 * machine: the payment provider down for 2 minutes of business time (ESCROW_TIME_SCALE 0.02: 2.4 s)
 * when a task calls it, longer than the task's own retries (shortened here as business time is),
 * or a task's function throttled. Each time the execution gets to the right end by itself once the
 * provider is back, nobody acting: one payout or refund, every ledger balanced.
 */
const timeScale = 0.02;
/** Two minutes of business time, in real milliseconds. */
const outageMs = 2 * 60_000 * timeScale;
const pin = '4826';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const touched = new Set<string>();

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    {
      timeScale,
      // The 7-day funding window would last 3.4 hours: 8 s leaves the buyer time to pay.
      workflowTimeouts: { AwaitFunding: 400 },
      // Retries as business time runs: spent well within the outage, so it reaches each task's Catch.
      workflowRetryIntervals: { CancelUnfunded: 50, Transfer: 20, PreparePayout: 100 },
      flutterwave: { transferDecideMs: 300, refundDecideMs: 300 },
      // The sweep's 5-minute run, every 2 s.
      schedules: { everyMs: 2_000 },
    },
    { pin, seller: 'faults-seller', buyer: 'faults-buyer' },
  ));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);
const contractOf = async (id: string) => (await call<{ contract: ContractView }>(buyer, `/contracts/${id}`)).body.contract;
const statesOf = (name: string) => executionsOf(cloud).states(name);
const describeExecution = (name: string) => executionsOf(cloud).describe(name);

/** Waits until the execution `name` has entered `state`. */
const entered = (name: string, state: string, ms = 30_000) =>
  eventually(
    () => statesOf(name),
    (states) => states.includes(state),
    ms,
  );

/** Keeps the provider down for the 2 minutes of business time after `from` (epoch ms), then brings it back. */
async function providerBackAfterOutage(from: number): Promise<void> {
  const left = from + outageMs - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  cloud.flutterwave.faults.providerDown = false;
}

/** No execution of the contract failed, timed out or was stopped. */
async function expectNoneEndedBadly(id: string): Promise<void> {
  for (const name of [id, `${id}--2`]) {
    const execution = await describeExecution(name);
    if (execution) expect(['RUNNING', 'SUCCEEDED'], name).toContain(execution.status);
  }
}

describe('the provider down for 2 minutes when a task calls it', () => {
  it('at the funding window’s end: CancelUnfunded waits for ops, retries by itself once the provider is back, credits what the buyer paid and goes on', async () => {
    const terms = { title: 'Garden fence', description: 'Twelve metres', value: '42000' };
    const id = await acceptedContract(cloud, seller, buyer, terms, touched);
    const account = await transferAccount(cloud, buyer, id);
    // The buyer pays; its webhook is lost and nobody polls: only the window's end finds the money.
    cloud.flutterwave.faults.dropWebhooks = true;
    await sendToAccount(cloud, account);
    cloud.flutterwave.faults.dropWebhooks = false;
    cloud.flutterwave.faults.providerDown = true;

    await entered(id, 'CancelUnfunded');
    const windowEnded = Date.now();
    // Its retries are spent while the provider is down: the execution waits instead of failing.
    await entered(id, 'AwaitOps');
    expect((await describeExecution(id))?.status).toBe('RUNNING');
    await providerBackAfterOutage(windowEnded);

    await eventually(
      () => contractOf(id),
      (c) => c.status === 'fully_funded',
      30_000,
    );
    const states = await entered(id, 'AwaitDelivery');
    expect(states.slice(0, 4)).toEqual(['AwaitFunding', 'CancelUnfunded', 'CancelUnfundedCaught', 'HoldForOps']);
    expect(states).toContain('ReleaseHold');
    expect(states.filter((s) => s === 'CancelUnfunded').length).toBeGreaterThanOrEqual(2);
    await expectNoneEndedBadly(id);
    await expectBalancedLedgers([id]);
  }, 90_000);

  it('at the payout: Transfer waits for ops, retries by itself once the provider is back, and pays once', async () => {
    const { id } = await fundedContract(
      cloud,
      seller,
      buyer,
      { title: 'Sofa', description: 'Blue', value: '35000' },
      { touched },
    );
    await markCompleted(cloud, buyer, id);
    cloud.flutterwave.faults.providerDown = true;
    expect((await call(seller, '/release-funds', { contractId: id, pin })).status).toBe(200);
    await entered(id, 'Transfer');
    const calledAt = Date.now();
    await entered(id, 'AwaitOps');
    await providerBackAfterOutage(calledAt);

    await eventually(
      () => contractOf(id),
      (c) => c.status === 'completed',
      30_000,
    );
    const transfers = cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id)));
    expect(transfers.map((t) => [t.status, t.amountMinor])).toEqual([['SUCCESSFUL', 3_430_000]]);
    const done = await eventually(
      () => describeExecution(id),
      (e) => e?.status === 'SUCCEEDED',
    );
    expect(done?.status).toBe('SUCCEEDED');
    const states = await statesOf(id);
    expect(states).toContain('TransferCaught');
    expect(states).not.toContain('PayoutFailed');
    expect(states.slice(-4)).toEqual(['PayoutPaid', 'PaidOut', 'EndPaid', 'Completed']);
    await expectBalancedLedgers([id]);
  }, 90_000);

  it('at a refund: the cancelled contract’s refund is asked again once the provider is back, once, and the execution ends', async () => {
    const { id } = await fundedContract(
      cloud,
      seller,
      buyer,
      { title: 'Bookshelf', description: 'Oak', value: '27000' },
      { touched },
    );
    cloud.flutterwave.faults.providerDown = true;
    const cancelledAt = Date.now();
    // The creator cancels before delivery: everything goes back to the buyer (the provider is asked at once, and fails).
    expect((await call(seller, '/cancel-contract', { contractId: id })).status).toBe(200);
    await entered(id, 'AwaitRefunds');
    await providerBackAfterOutage(cancelledAt);

    // A refund asked when the provider did not answer may have been made: it is looked for a minute before it is asked again.
    await eventually(
      () => contractOf(id),
      (c) => c.status === 'cancelled',
      120_000,
    );
    const done = await eventually(
      () => describeExecution(id),
      (e) => e?.status === 'SUCCEEDED',
    );
    expect(done?.status).toBe('SUCCEEDED');
    const txRef = cloud.flutterwave.transactions().find((t) => t.amountMinor === 2_700_000)?.txRef ?? '';
    expect(providerRefundsOf(cloud, txRef).map((r) => [r.status, r.amountMinor])).toEqual([['completed', 2_700_000]]);
    await expectNoneEndedBadly(id);
    await expectBalancedLedgers([id]);
  }, 180_000);
});

describe('a task’s function throttled', () => {
  it('is retried as Lambda’s transient error it is, and the payout goes through once the throttling stops', async () => {
    const { id } = await fundedContract(
      cloud,
      seller,
      buyer,
      { title: 'Lamp', description: 'Brass', value: '12000' },
      { touched },
    );
    await markCompleted(cloud, buyer, id);
    cloud.throttleFunction('task:PreparePayout', true);
    try {
      expect((await call(seller, '/release-funds', { contractId: id, pin })).status).toBe(200);
      await eventually(
        () => executionsOf(cloud).events(id),
        (events) => events.some((e) => e.taskFailedEventDetails?.error === 'Lambda.TooManyRequestsException'),
      );
    } finally {
      cloud.throttleFunction('task:PreparePayout', false);
    }
    await eventually(
      () => contractOf(id),
      (c) => c.status === 'completed',
      30_000,
    );
    const states = await statesOf(id);
    expect(states).not.toContain('PreparePayoutCaught');
    expect(cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id)))).toHaveLength(1);
    await expectNoneEndedBadly(id);
    await expectBalancedLedgers([id]);
    expect(() => cloud.throttleFunction('trigger:preSignUp', true)).toThrow(/Only task and route functions/);
  }, 90_000);
});
