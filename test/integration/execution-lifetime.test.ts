import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { sendFromBank } from '../support/sandbox-payer';
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
  cloud = await startLocalCloud({
    dataDir,
    timeScale,
    // The transfer's 1-hour wait for its webhook would last 3.6 ms, less than one run of its task: about 2 s.
    workflowTimeouts: { AwaitFunding: 2_000_000, Transfer: 2_000_000 },
    flutterwave: { transferSettleMs: 300 },
  });
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
  await readyToBePaid(cloud, seller, pin);
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
    const made = await call(seller, '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Website',
      description: 'Five pages',
      value: '30000',
      currency: 'NGN',
    });
    const id = String(made.body.id);
    expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
    const account = (await call<TransferAccountResponse>(buyer, '/generate-transfer-account', { contractId: id })).body;
    expect(await sendFromBank(cloud, account.account_number, '30000')).toBe(200);
    await eventually(
      () => contract(id),
      (c) => c.status === 'fully_funded',
    );
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
    expect(next.states.slice(0, 3)).toEqual(['AwaitFunding', 'AwaitDelivery', 'Delivered']);
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
