import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SFNClient } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lagosDay } from '../../lambdas/core/domain/reconciliation';
import { type LocalCloud, localStage } from '../../lib/local/index';
import { documents, stepFunctions } from '../../scripts/aws-clients';
import { moneyMovements, movementCsv, movementTable } from '../../scripts/money-movements';
import { startDealCloud } from '../support/deal-cloud';
import { eventually } from '../support/eventually';
import { apiOrThrow } from '../support/http';
import type { SignedInPerson } from '../support/identity';
import { expectReconciled } from '../support/ledger';
import { satisfiedContract } from '../support/targets';

let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const pin = '1357';

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    {
      // The payout's retries 100 ms apart, not the workflow's real backoff; the sandbox settles in 300 ms.
      workflowTimeouts: { Transfer: 2 },
      workflowRetryIntervals: { Transfer: 100 },
      flutterwave: { transferDecideMs: 300 },
    },
    { pin },
  ));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

async function released(contractId: string, until: 'paid' | 'failed') {
  await apiOrThrow(cloud)(seller, 'POST', '/release-funds', { contractId, pin });
  const { payoutKey } = await import('../../lambdas/core/entities/payout');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  await eventually(
    async () =>
      (
        await documents().send(
          new GetCommand({ TableName: localStage.tableName, Key: payoutKey(contractId), ConsistentRead: true }),
        )
      ).Item,
    (payout) => payout?.status === until,
    30_000,
  );
}

it('lists a day’s completed escrow and a failed payout, as a table and as CSV (npm run executions -- --since <today>), nothing of another day, and both still once their executions are forgotten', async () => {
  const since = new Date(Date.now() - 60_000);
  const paid = await satisfiedContract(cloud, seller, buyer, 'Wedding cake');
  await released(paid.contractId, 'paid');
  const failing = await satisfiedContract(cloud, seller, buyer, 'Birthday cake');
  cloud.flutterwave.faults.transferFailures = 3;
  await released(failing.contractId, 'failed');
  cloud.flutterwave.faults.transferFailures = 0;

  const clients = {
    sfn: stepFunctions(),
    documents: documents(),
    tableName: localStage.tableName,
    stateMachineArn: `arn:aws:states:${localStage.region}:${localStage.accountId}:stateMachine:${localStage.stateMachineName}`,
  };
  const rows = await moneyMovements(clients, since, new Date(Date.now() + 60_000));
  const ours = rows.filter((r) => [paid.contractId, failing.contractId].includes(r.contractId));
  expect(ours.map((r) => [r.contractId, r.kind, r.amountMinor, r.feeMinor, r.status])).toEqual([
    [paid.contractId, 'release', 245_000, 5_000, 'paid'],
    [failing.contractId, 'payout failed', 245_000, 5_000, 'failed'],
  ]);
  const table = movementTable(rows).join('\n');
  expect(table).toMatch(new RegExp(`${paid.contractId}\\s+release\\s+₦2,450\\.00\\s+₦50\\.00\\s+paid`));
  expect(table).toMatch(new RegExp(`${failing.contractId}\\s+payout failed\\s+₦2,450\\.00`));
  const csv = movementCsv(rows).split('\n');
  expect(csv[0]).toBe('at,contract_id,title,kind,currency,amount_minor,fee_minor,status,reference,detail');
  expect(csv.find((line) => line.includes(paid.contractId))).toMatch(/,Wedding cake,release,NGN,245000,5000,paid,/);

  // Finance's command says the same for today (a Lagos day), as a table and as CSV, against this cloud.
  const executions = async (...args: string[]) =>
    (
      await promisify(execFile)('npx', ['tsx', 'scripts/executions.ts', '--since', lagosDay(new Date().toISOString()), ...args], {
        env: process.env,
      })
    ).stdout;
  const printed = await executions();
  expect(printed).toMatch(new RegExp(`${paid.contractId}\\s+release\\s+₦2,450\\.00\\s+₦50\\.00\\s+paid`));
  expect(printed).toMatch(new RegExp(`${failing.contractId}\\s+payout failed\\s+₦2,450\\.00`));
  expect((await executions('--csv')).split('\n').find((line) => line.includes(failing.contractId))).toMatch(
    /,Birthday cake,payout failed,NGN,245000,5000,failed,/,
  );

  // Another day has none of them.
  const yesterday = await moneyMovements(clients, new Date(since.getTime() - 86_400_000), since);
  expect(yesterday.filter((r) => [paid.contractId, failing.contractId].includes(r.contractId))).toEqual([]);

  // 90 days after they end, Step Functions lists none of these executions: both contracts are
  // still found by their ledger postings of the range (each was paid into today).
  const forgetful = Object.assign(new SFNClient({ region: localStage.region }), {
    send: async () => ({ executions: [] }),
  }) as unknown as SFNClient;
  const later = await moneyMovements({ ...clients, sfn: forgetful }, since, new Date(Date.now() + 60_000));
  expect(
    later
      .filter((r) => [paid.contractId, failing.contractId].includes(r.contractId))
      .map((r) => [r.contractId, r.kind, r.amountMinor, r.feeMinor, r.status]),
  ).toEqual([
    [paid.contractId, 'release', 245_000, 5_000, 'paid'],
    [failing.contractId, 'payout failed', 245_000, 5_000, 'failed'],
  ]);

  // An execution that failed is found by its logged end once Step Functions no longer lists it
  // (on a stage the executions' log group answers; here a stand-in for it).
  const failedAt = new Date();
  const logged = await moneyMovements(
    {
      ...clients,
      sfn: forgetful,
      badEndsLogged: async () => [{ name: `${paid.contractId}--2`, status: 'FAILED', stopDate: failedAt }],
    },
    since,
    new Date(Date.now() + 60_000),
  );
  expect(logged.filter((r) => r.contractId === paid.contractId).map((r) => [r.kind, r.status, r.at])).toEqual([
    ['release', 'paid', expect.any(String)],
    ['execution failed', 'FAILED', failedAt.toISOString()],
  ]);
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
