import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerMoney, owedMinor } from '../../lambdas/core/domain/ledger';
import { escrowCurrencies, formatAmount } from '../../lambdas/core/domain/money';
import { getCoverCheck, ledgerTotals } from '../../lambdas/core/entities/ledger';
import { payoutKey } from '../../lambdas/core/entities/payout';
import { getRefundLeg, listRefundLegs, type RefundLeg } from '../../lambdas/core/entities/refund';
import { type LocalCloud, localStage } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { startDealCloud } from '../support/deal-cloud';
import { captureEmf } from '../support/emf';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { apiCaller, apiOrThrow } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerSummaryOf } from '../support/ledger';
import { readyToBePaid } from '../support/seller';
import { satisfiedContract } from '../support/targets';

/**
 * Money someone watches: what customers are owed against what the provider holds (`npm run held`,
 * the sweep's ProviderShortfall), and a provider wallet that cannot cover a payout or a refund
 * (the sandbox refuses it as v3 does): the money waits for ops, alarmed, and none of it is lost.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const pin = '2468';
const touched = new Set<string>();

beforeAll(async () => {
  ({ cloud, seller, buyer } = await startDealCloud(
    {
      // The payout's retries 100 ms apart, not the workflow's real backoff; the sandbox settles in 300 ms.
      workflowTimeouts: { Transfer: 2 },
      workflowRetryIntervals: { Transfer: 100 },
      flutterwave: { transferDecideMs: 300, refundDecideMs: 300 },
      // Only the tests run the sweep.
      schedules: { everyMs: 3_600_000 },
    },
    { pin },
  ));
}, 120_000);

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  cloud.flutterwave.setBalanceMinor('NGN', null);
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
});

/** `npm run held` against this cloud (its environment points the script here), with its exit code. */
async function held(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/held.ts'], { env: process.env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const runSweep = () => cloud.runSchedule('money-sweep');
const naira = (minor: number) => formatAmount(minor, 'NGN');
const owedNow = async () => owedMinor(customerMoney((await ledgerTotals('NGN', new Date().toISOString())).balances));
const noTransferUnderWay = () =>
  eventually(
    async () => cloud.flutterwave.transfers().filter((t) => t.status === 'NEW' || t.status === 'PENDING'),
    (open) => open.length === 0,
  );
const shortfalls = (records: Array<Record<string, unknown>>) =>
  records.filter((r) => r.ProviderShortfall !== undefined).map((r) => [r.currency, r.ProviderShortfall]);
const payoutOf = async (contractId: string) =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: payoutKey(contractId), ConsistentRead: true })))
    .Item;

describe('npm run held', () => {
  it('shows a funded contract as held, totals that add up, and exits 1 saying by how much when the provider holds less than is owed', async () => {
    const { contractId } = await satisfiedContract(cloud, seller, buyer, 'Wedding cake');
    touched.add(contractId);
    await noTransferUnderWay();

    // Nobody has checked the provider yet: held cannot say it covers what is owed.
    const unchecked = await held();
    expect(unchecked.code, unchecked.out).toBe(1);
    expect(unchecked.out).toContain('not checked yet');

    await runSweep();
    const covered = await held();
    expect(covered.code, covered.out).toBe(0);
    expect(covered.out).toMatch(new RegExp(`${contractId}\\s+payer_marked_satisfied\\s+in escrow ₦2,500\\.00\\s+"Wedding cake"`));
    const owed = await owedNow();
    expect(owed).toBeGreaterThanOrEqual(250_000);
    // The contracts' money adds up to the ledger's totals (the closing and the postings since).
    expect(covered.out).toMatch(new RegExp(`customers are owed\\s+${naira(owed).replace(/[.$]/g, '\\$&')} \\(`));
    expect(covered.out).not.toContain('TOTALS SAY');
    expect(covered.out).toMatch(/covered, ₦[\d,]+\.\d\d to spare/);

    // The wallet now holds ₦590 less than customers are owed (fees came out of their money).
    cloud.flutterwave.setBalanceMinor('NGN', owed - 59_000);
    await runSweep();
    const short = await held();
    expect(short.code, short.out).toBe(1);
    expect(short.out).toContain(`customers are owed ${naira(owed)}: SHORT by ₦590.00`);
  }, 180_000);
});

describe('the sweep’s check of the provider against what customers are owed', () => {
  it('writes ProviderShortfall (the alarm’s metric) as the shortfall when the wallet holds less than is owed, and 0 otherwise', async () => {
    await noTransferUnderWay();
    const records = captureEmf();
    await runSweep();
    // Every escrow currency is checked on every run, each against its own wallet.
    expect(shortfalls(records)).toHaveLength(escrowCurrencies.length);
    expect(shortfalls(records)).toEqual(expect.arrayContaining(escrowCurrencies.map((currency) => [currency, 0])));
    const naira = () => shortfalls(records).filter(([currency]) => currency === 'NGN');

    const owed = await owedNow();
    cloud.flutterwave.setBalanceMinor('NGN', owed - 1);
    await runSweep();
    expect(naira()).toEqual([
      ['NGN', 0],
      ['NGN', 1],
    ]);
    expect(
      shortfalls(records)
        .filter(([currency]) => currency !== 'NGN')
        .map(([, minor]) => minor),
    ).toEqual(Array(2 * (escrowCurrencies.length - 1)).fill(0));
    // The check is stored for finance, who hold no provider key.
    expect(await getCoverCheck('NGN')).toMatchObject({ owedMinor: owed, providerMinor: owed - 1, shortfallMinor: 1 });

    cloud.flutterwave.setBalanceMinor('NGN', null);
    await runSweep();
    expect(naira().at(-1)).toEqual(['NGN', 0]);
  });
});

describe('a provider wallet that cannot cover a payout or a refund', () => {
  it('fails an uncovered payout as v3 does: the payout waits for ops, alarmed, its money in escrow; paid once the wallet is topped up and ops resume it', async () => {
    const { contractId } = await satisfiedContract(cloud, seller, buyer, 'Birthday cake');
    touched.add(contractId);
    await noTransferUnderWay();
    const records = captureEmf();
    cloud.flutterwave.setBalanceMinor('NGN', 100_000);
    await apiOrThrow(cloud)(seller, 'POST', '/release-funds', { contractId, pin });
    const failed = await eventually(
      () => payoutOf(contractId),
      (p) => p?.status === 'failed',
      30_000,
    );

    // Queued, then FAILED for the balance, every attempt: nothing left the wallet, fee included.
    const attempts = cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(`payout-${contractId}`));
    expect(attempts.length).toBeGreaterThan(0);
    for (const t of attempts) {
      expect(t.status).toBe('FAILED');
      expect(t.completeMessage).toBe('DISBURSE FAILED: Insufficient funds in customer wallet');
    }
    expect(cloud.flutterwave.balanceMinor('NGN')).toBe(100_000);
    expect(failed?.provider_message).toBe('DISBURSE FAILED: Insufficient funds in customer wallet');
    // Counted just after the payout is written failed.
    await eventually(
      async () => records.filter((r) => r.PayoutsFailed !== undefined).map((r) => r.PayoutsFailed),
      (counted) => counted.length > 0,
    );
    expect(records.filter((r) => r.PayoutsFailed !== undefined).map((r) => r.PayoutsFailed)).toEqual([1]);
    expect(await ledgerSummaryOf(contractId)).toMatchObject({ held_minor: 250_000, paid_out_minor: 0 });
    const { waitingForOps, cover } = (await runSweep()) as {
      waitingForOps: { payouts: string[] };
      cover: Array<{ currency: string; shortfallMinor: number }>;
    };
    expect(waitingForOps.payouts).toContain(failed?.reference);
    expect(cover.find((c) => c.currency === 'NGN')?.shortfallMinor).toBeGreaterThan(0);
    expect(records.filter((r) => r.PayoutsWaitingForOps !== undefined).at(-1)?.PayoutsWaitingForOps).toBeGreaterThan(0);

    // The wallet covers it again; ops resume the payout, which is paid.
    cloud.flutterwave.setBalanceMinor('NGN', null);
    const { resumePayout } = await import('../../lambdas/core/services/payouts/failure');
    expect((await resumePayout(contractId)).resumed).toBe(true);
    await eventually(
      () => payoutOf(contractId),
      (p) => p?.status === 'paid',
      30_000,
    );
    expect(await ledgerSummaryOf(contractId)).toMatchObject({ held_minor: 0, paid_out_minor: 245_000, fees_minor: 5_000 });
    await expectReconciled();
  });

  it('refuses an uncovered refund and makes none: the leg waits for ops at once, and completes once the wallet is topped up and ops resume it', async () => {
    const { id: contractId } = await fundedContract(
      cloud,
      seller,
      buyer,
      { title: 'Catering', description: 'Jollof for forty', value: '2500' },
      { touched },
    );
    await noTransferUnderWay();
    const records = captureEmf();
    cloud.flutterwave.setBalanceMinor('NGN', 100_000);
    expect((await apiCaller(cloud)(seller, '/cancel-contract', { contractId })).status).toBe(200);
    const [leg] = await eventually(
      () => listRefundLegs(contractId),
      (legs) => legs[0]?.status === 'failed',
    );
    expect(leg?.failure_reason).toMatch(/balance cannot cover it \(Insufficient funds in customer wallet\)/);
    // Asked once, refused, never asked three times over: ops are paged now.
    expect(leg?.attempts).toBe(1);
    expect(cloud.flutterwave.refunds().filter((r) => r.comments === leg?.reference)).toEqual([]);
    expect(records.filter((r) => r.RefundsFailed !== undefined).map((r) => r.RefundsFailed)).toEqual([1]);
    expect(await ledgerSummaryOf(contractId)).toMatchObject({ refund_pending_minor: 250_000, refunded_minor: 0 });

    cloud.flutterwave.setBalanceMinor('NGN', null);
    const { resumeRefundLeg } = await import('../../lambdas/core/services/refunds/resume');
    expect((await resumeRefundLeg(contractId, leg?.leg ?? '')).resumed).toBe(true);
    await eventually(
      async () => {
        await runSweep();
        return getRefundLeg(contractId, leg?.leg ?? '');
      },
      (l) => l?.status === 'completed',
    );
    expect(await ledgerSummaryOf(contractId)).toMatchObject({ refund_pending_minor: 0, refunded_minor: 250_000 });
    await expectReconciled();
  });

  it('does not blame the buyer for a refund transfer the wallet could not cover: the leg waits for ops, and goes to the same account under the next reference once resumed', async () => {
    const payer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, payer, '1357', { bank_code: '044', account_number: '0690000033' });
    cloud.flutterwave.setNonRefundablePaymentTypes(['bank_transfer']);
    try {
      const { id: contractId } = await fundedContract(
        cloud,
        seller,
        payer,
        { title: 'Chairs', description: 'Forty, white', value: '2500' },
        { touched },
      );
      await noTransferUnderWay();
      cloud.flutterwave.setBalanceMinor('NGN', 100_000);
      expect((await apiCaller(cloud)(seller, '/cancel-contract', { contractId })).status).toBe(200);
      const legs = () => listRefundLegs(contractId);
      const [leg] = (await eventually(
        async () => {
          await runSweep();
          return legs();
        },
        (l) => l[0]?.status === 'failed',
      )) as [RefundLeg];
      expect(leg.destination?.transfer_reference).toBe(`${leg.reference}-bank-2`);
      expect(leg.previous_destinations?.map((d) => [d.transfer_reference, d.provider_message])).toEqual([
        [`${leg.reference}-bank-1`, 'DISBURSE FAILED: Insufficient funds in customer wallet'],
      ]);
      const told = await apiOrThrow(cloud)<{ notifications: Array<{ title: string }> }>(payer, 'GET', '/notifications');
      expect(told.notifications.map((n) => n.title)).not.toContain('Refund transfer failed');

      cloud.flutterwave.setBalanceMinor('NGN', null);
      const { resumeRefundLeg } = await import('../../lambdas/core/services/refunds/resume');
      expect((await resumeRefundLeg(contractId, leg.leg)).resumed).toBe(true);
      const done = await eventually(
        async () => {
          await runSweep();
          return getRefundLeg(contractId, leg.leg);
        },
        (l) => l?.status === 'completed',
      );
      expect(
        cloud.flutterwave
          .transfers()
          .filter((t) => t.reference.startsWith(`${leg.reference}-bank-`))
          .map((t) => [t.reference, t.accountNumber, t.status]),
      ).toEqual([
        [`${leg.reference}-bank-1`, '0690000033', 'FAILED'],
        [`${leg.reference}-bank-2`, '0690000033', 'SUCCESSFUL'],
      ]);
      expect(done?.status).toBe('completed');
      expect(await ledgerSummaryOf(contractId)).toMatchObject({ refund_pending_minor: 0, refunded_minor: 250_000 });
      await expectReconciled();
    } finally {
      cloud.flutterwave.setNonRefundablePaymentTypes([]);
    }
  });
});
