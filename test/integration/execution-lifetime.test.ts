import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { executionLifetimeDays } from '../../lambdas/core/domain/execution-lifetime';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { failingPayoutAccount } from '../../lib/local/flutterwave/index';
import type { LocalCloud } from '../../lib/local/index';
import { startDealCloud } from '../support/deal-cloud';
import { eventually } from '../support/eventually';
import { fundedContract, markCompleted } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { readyToBePaid } from '../support/seller';
import { executionsOf } from '../support/workflow';

/**
 * No execution outlives AWS's one-year limit, against the local cloud and the real state machine
 * with business time compressed a million times (ESCROW_TIME_SCALE 0.000001: the 20-day re-arm of
 * a wait lasts about 1.7 s, an execution's 300-day lifetime about 26 s): a contract whose seller
 * never asks for the release continues as a new execution, which fast-forwards to the same wait,
 * and the release still goes through it.
 */
const timeScale = 0.000001;
const pin = '2580';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-lifetime-'));

beforeAll(async () => {
  // The 7-day funding window would last 0.6 s: about 2 s leaves the buyer time to pay.
  ({ cloud, seller, buyer } = await startDealCloud(
    {
      dataDir,
      timeScale,
      // The transfer's 1-hour wait for its webhook would last 3.6 ms, less than one run of its task: about 2 s.
      workflowTimeouts: { AwaitFunding: 2_000_000, Transfer: 2_000_000 },
      // A failed transfer's retries 50 ms apart (its real backoff is a minute and more).
      workflowRetryIntervals: { Transfer: 50 },
      flutterwave: { transferDecideMs: 300 },
    },
    { pin },
  ));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);
const contract = async (id: string) => (await call<{ contract: ContractView }>(seller, `/contracts/${id}`)).body.contract;

const describeExecution = (name: string) => executionsOf(cloud).describe(name);
const statesOf = (name: string) => executionsOf(cloud).states(name);

describe('an execution nearing the one-year limit', () => {
  it('continues as a new execution at the same wait, and the release still goes through', async () => {
    const { id } = await fundedContract(cloud, seller, buyer, { title: 'Website', description: 'Five pages', value: '30000' });
    // Accepted early, before the 30-day delivery deadline (about 2.6 s here) could refund it.
    expect((await call(buyer, '/mark-contract-completed', { contractId: id })).status).toBe(200);

    // The seller never asks: every 20 days the wait re-arms, and at 300 days the execution continues.
    const first = await eventually(
      () => describeExecution(id),
      (e) => e?.status === 'SUCCEEDED',
      60_000,
    );
    expect(first?.status).toBe('SUCCEEDED');
    const firstStates = await statesOf(id);
    expect(firstStates.filter((s) => s === 'Rearm').length).toBeGreaterThanOrEqual(10);
    expect(firstStates.slice(-2)).toEqual(['ContinueAsNew', 'ContinuedAsNew']);
    const next = await eventually(
      async () => ({
        execution: await describeExecution(`${id}--2`),
        states: await statesOf(`${id}--2`).catch((): string[] => []),
      }),
      ({ execution, states }) => execution?.status === 'RUNNING' && states.includes('AwaitReleaseRequest'),
      30_000,
    );
    // It fast-forwarded through what already happened, without paying anything.
    expect(next.states.slice(0, 4)).toEqual(['AwaitFunding', 'Funded', 'AwaitDelivery', 'Delivered']);
    expect(cloud.flutterwave.transfers()).toEqual([]);

    const released = await call(seller, '/release-funds', { contractId: id, pin });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    await eventually(
      () => contract(id),
      (c) => c.status === 'completed',
      30_000,
    );
    expect(cloud.flutterwave.transfers().map((t) => t.amountMinor)).toEqual([2_940_000]);
    await expectBalancedLedgers([id]);
  }, 150_000);
});

describe('a payout that waits for ops near the one-year limit', () => {
  it('is resumed after day 345 without any wait running past the 300-day mark or any execution past AWS’s year: each continues as a new one in time, and the payout is paid once', async () => {
    const sellerPin = '3141';
    const other = await signedInPerson(cloud, 'lifetime-seller');
    // Every transfer to this account fails: the payout waits for ops again after every resume.
    await readyToBePaid(cloud, other, sellerPin, {
      bank_code: failingPayoutAccount.bankCode,
      account_number: failingPayoutAccount.accountNumber,
    });
    const { id } = await fundedContract(
      cloud,
      other,
      buyer,
      { title: 'Shed', description: 'Timber', value: '20000' },
      { touched: new Set() },
    );
    await markCompleted(cloud, buyer, id);
    const started = (await describeExecution(id))?.startDate?.getTime() ?? 0;
    const dayMs = 86_400_000 * timeScale;
    const age = () => (Date.now() - started) / dayMs;
    expect((await call(other, '/release-funds', { contractId: id, pin: sellerPin })).status).toBe(200);

    // Ops resume the failed payout every time it waits for them again (about every 13 days here), until past day 345.
    const { getPayout } = await import('../../lambdas/core/entities/payout');
    const { resumePayout } = await import('../../lambdas/core/services/payouts/failure');
    const resumedAt: number[] = [];
    while ((resumedAt.at(-1) ?? 0) < 350) {
      await eventually(
        () => getPayout(id),
        (p) => p?.status === 'failed',
        10_000,
      );
      resumedAt.push(age());
      expect((await resumePayout(id)).resumed).toBe(true);
    }
    expect(resumedAt.filter((day) => day > 345).length).toBeGreaterThan(0);

    // The seller corrects the account: the payout goes there, once.
    await eventually(
      () => getPayout(id),
      (p) => p?.status === 'failed',
      10_000,
    );
    const corrected = await call(other, '/save-bank-info', { bank_code: '044', account_number: '0690000032', pin: sellerPin });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    await eventually(
      () => call(other, `/contracts/${id}`).then((r) => (r.body as { contract: ContractView }).contract),
      (c) => c.status === 'completed',
      30_000,
    );
    const paid = cloud.flutterwave
      .transfers()
      .filter((t) => t.status === 'SUCCESSFUL' && t.reference.startsWith(payoutReference(id)));
    expect(paid.map((t) => t.accountNumber)).toEqual(['0690000032']);
    await expectBalancedLedgers([id]);

    // Every execution of the contract: none timed out at AWS's year (the local cloud enforces it);
    // every wait ended by its execution's 300-day mark, or at once when reached after it.
    const mark = executionLifetimeDays * dayMs;
    const slack = 3 * dayMs;
    const names = [id, ...Array.from({ length: 20 }, (_, i) => `${id}--${i + 2}`)];
    let generations = 0;
    for (const name of names) {
      const execution = await describeExecution(name);
      if (!execution) break;
      generations++;
      expect(execution.status, name).not.toBe('TIMED_OUT');
      expect(execution.status, name).not.toBe('FAILED');
      const start = execution.startDate?.getTime() ?? 0;
      const end = execution.stopDate?.getTime() ?? Date.now();
      expect(end - start, `${name} ran ${(end - start) / dayMs} days`).toBeLessThanOrEqual(mark + slack);
      const events = await executionsOf(cloud).events(name);
      for (const [i, event] of events.entries()) {
        if (event.type !== 'TaskScheduled' || event.taskScheduledEventDetails?.resource !== 'invoke.waitForTaskToken') continue;
        const ended = events.slice(i + 1).find((e) => ['TaskSucceeded', 'TaskFailed', 'TaskTimedOut'].includes(e.type ?? ''));
        const from = event.timestamp?.getTime() ?? 0;
        const to = ended?.timestamp?.getTime() ?? Date.now();
        if (from - start <= mark)
          expect(to - start, `${name}: a wait ended on day ${(to - start) / dayMs}`).toBeLessThanOrEqual(mark + slack);
        else expect(to - from, `${name}: a wait reached on day ${(from - start) / dayMs}`).toBeLessThanOrEqual(slack);
      }
    }
    expect(generations).toBeGreaterThanOrEqual(2);
  }, 150_000);
});
