import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { roundedMinorFromProvider } from '../../lambdas/core/domain/money';
import { addDays, lagosDay } from '../../lambdas/core/domain/reconciliation';
import { getClosing, ledgerTotals } from '../../lambdas/core/entities/ledger';
import { payoutKey } from '../../lambdas/core/entities/payout';
import { closeFinishedDays, reconcile } from '../../lambdas/core/services/reconciliation';
import { defaultFloatMinor } from '../../lib/local/flutterwave/index';
import { transferFee } from '../../lib/local/flutterwave/transfers';
import { appFeeMinor } from '../../lib/local/flutterwave/wire';
import { type LocalCloud, localStage } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { reconciliationReport } from '../../scripts/reconcile';
import { startDealCloud } from '../support/deal-cloud';
import { captureEmf } from '../support/emf';
import { eventually } from '../support/eventually';
import { acceptedContract, sendToAccount, transferAccount } from '../support/funded-contract';
import { apiOrThrow } from '../support/http';
import type { SignedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled } from '../support/ledger';
import { cardCheckout } from '../support/sandbox-payer';
import { satisfiedContract } from '../support/targets';

/**
 * The ledger against the provider (issue: a ledger that answers): after escrows paid in, paid out
 * (one payout failing once first), overpaid and refunded, the ledger's holding is the sandbox's
 * balance to the kobo, its fees included; a payment the ledger never posted is named by its
 * reference, by the service and by `npm run reconcile`; a closed day's totals are the same as
 * the postings'.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const pin = '2468';
const contracts = new Set<string>();

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    {
      workflowTimeouts: { Transfer: 2 },
      workflowRetryIntervals: { Transfer: 100 },
      flutterwave: { transferDecideMs: 300, refundDecideMs: 300 },
      // Only the tests run the schedules here.
      schedules: { everyMs: 3_600_000 },
    },
    { pin },
  ));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

const ok = () => apiOrThrow(cloud);

async function releasedAndPaid(contractId: string) {
  await ok()(seller, 'POST', '/release-funds', { contractId, pin });
  await eventually(
    async () =>
      (
        await documents().send(
          new GetCommand({ TableName: localStage.tableName, Key: payoutKey(contractId), ConsistentRead: true }),
        )
      ).Item,
    (payout) => payout?.status === 'paid',
    30_000,
  );
}

/** The sandbox's balance in kobo, as its own records make it (what the provider would answer). */
const sandboxBalance = () => cloud.flutterwave.balanceMinor('NGN');

it('agrees with the provider to the kobo after payments, payouts (one failing first) and a refunded overpayment, fees included', async () => {
  const paid = await satisfiedContract(cloud, seller, buyer, 'Wedding cake');
  contracts.add(paid.contractId);
  await releasedAndPaid(paid.contractId);

  const retried = await satisfiedContract(cloud, seller, buyer, 'Birthday cake');
  contracts.add(retried.contractId);
  cloud.flutterwave.faults.transferFailures = 1;
  await releasedAndPaid(retried.contractId);
  cloud.flutterwave.faults.transferFailures = 0;
  expect(cloud.flutterwave.transfers().map((t) => t.status)).toEqual(['SUCCESSFUL', 'FAILED', 'SUCCESSFUL']);

  // ₦2,500 due, ₦3,000 sent: ₦500 goes back to the payer through the provider.
  const overpaid = await acceptedContract(
    cloud,
    seller,
    buyer,
    { title: 'Shoes', description: 'Size 42', value: '2500' },
    contracts,
  );
  await sendToAccount(cloud, await transferAccount(cloud, buyer, overpaid), '3000');
  await eventually(
    async () => cloud.flutterwave.refunds().filter((r) => r.status === 'completed').length,
    (done) => done === 1,
  );

  const report = await expectReconciled();
  await expectBalancedLedgers(contracts);
  // The float the wallet started with (recorded in the ledger as the platform's own money), two
  // payments of ₦2,500 and one of ₦3,000, less the provider's fee on each; two payouts of ₦2,450
  // with one transfer fee each (the failed attempt's fee came back); ₦500 refunded.
  const fees = 2 * appFeeMinor(250_000, 'NGN') + appFeeMinor(300_000, 'NGN');
  const transferFees = 2 * roundedMinorFromProvider(transferFee(245_000));
  const expected = defaultFloatMinor.NGN + 2 * 250_000 + 300_000 - fees - 2 * 245_000 - transferFees - 50_000;
  expect(sandboxBalance()).toBe(expected);
  const [ngn] = report.balances;
  expect(ngn).toMatchObject({ currency: 'NGN', ledgerMinor: expected, providerMinor: expected, differenceMinor: 0 });
  const totals = await ledgerTotals('NGN', new Date().toISOString());
  expect(totals.balances.provider_fees).toBe(fees + transferFees);
  // The platform's fee on two payouts is the platform's, held with what is still in escrow (₦2,500 + ₦2,500).
  expect(-totals.balances.fees).toBe(2 * 5_000);
  expect(-totals.balances.escrow).toBe(250_000);
  expect(reconciliationReport(report)).toContain('No difference.');
});

it('pages ops once for a payment the provider holds under a reference of no payment, names it by its reference, and closes the day with the totals of its postings', async () => {
  const strayRef = `STRAY-${Date.now()}`;
  const metrics = captureEmf();
  cloud.flutterwave.faults.webhookDuplicates = 4;
  await cardCheckout(cloud, strayRef, '1000.00', 'pay');
  const stray = await eventually(
    async () => cloud.flutterwave.transactions().find((t) => t.txRef === strayRef && t.status === 'successful'),
    (t) => t !== undefined,
  );
  // Its webhook named a reference no payment of ours has: that pages ops at once (PaymentsRefused),
  // once however often the webhook comes.
  await eventually(
    async () => cloud.flutterwave.transactions().find((t) => t.txRef === strayRef)?.webhook,
    (w) => w?.attempts === 5 && w.state === 'delivered',
  );
  cloud.flutterwave.faults.webhookDuplicates = 0;
  expect(metrics.filter((m) => m.PaymentsRefused !== undefined).map((m) => m.PaymentsRefused)).toEqual([1]);
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const net = 100_000 - (stray?.appFeeMinor ?? 0);

  const report = await eventually(
    () => reconcile(lagosDay(new Date().toISOString())),
    (r) => r.differences.length > 0,
  );
  expect(report.differences).toEqual([
    {
      reference: `transaction ${stray?.id} (${strayRef})`,
      currency: 'NGN',
      providerMinor: net,
      ledgerMinor: 0,
      what: 'payment received by the provider',
    },
  ]);
  // The balance check takes it for money on its way into the ledger for 15 minutes (a webhook
  // being handled); past them it is a difference of the balance too.
  expect(report.balances[0]).toMatchObject({ arrivingMinor: net, differenceMinor: 0 });
  const afterWindow = await reconcile(lagosDay(new Date().toISOString()), new Date(Date.now() + 16 * 60_000));
  expect(afterWindow.balances[0]).toMatchObject({ arrivingMinor: 0, differenceMinor: -net });
  const lines = reconciliationReport(report).join('\n');
  expect(lines).toContain(
    `transaction ${stray?.id} (${strayRef}): payment received by the provider; provider ₦${(net / 100).toFixed(2)}, ledger ₦0.00`,
  );

  // `npm run reconcile` says the same, with exit code 1, against this cloud (its settings are in the environment).
  const run = await promisify(execFile)('npx', ['tsx', 'scripts/reconcile.ts'], { env: process.env }).then(
    () => ({ code: 0, stdout: '' }),
    (error: { code: number; stdout: string }) => error,
  );
  expect(run.code).toBe(1);
  expect(run.stdout).toContain(`transaction ${stray?.id} (${strayRef})`);
  expect(run.stdout).toMatch(/NGN: the ledger says the provider holds .* just paid in, not posted yet: they agree/);

  // The day closes once it is over: its balances are the postings' totals, written once.
  const today = lagosDay(new Date().toISOString());
  const later = new Date(Date.parse(`${addDays(today, 1)}T02:30:00+01:00`));
  // One day per run, oldest first: the days before this one (nothing in them) close first.
  let closedToday: Awaited<ReturnType<typeof closeFinishedDays>>[number] | undefined;
  for (let run = 0; run < 7 && !closedToday; run++) {
    const closed = await closeFinishedDays(later);
    expect(closed.length).toBeLessThanOrEqual(1);
    closedToday = closed.find((d) => d.date === today);
  }
  expect(closedToday).toMatchObject({ differences: 1, balanceDifferences: 1 });
  const closing = await getClosing('NGN', today);
  const totals = await ledgerTotals('NGN', new Date().toISOString());
  expect(closing?.balances).toEqual(totals.balances);
  expect(closing?.postings).toBe(totals.postings);
  // Totals read later start from the closing, and a second run changes nothing.
  expect((await ledgerTotals('NGN', later.toISOString())).from?.date).toBe(today);
  expect(await closeFinishedDays(later)).toEqual([]);
});
