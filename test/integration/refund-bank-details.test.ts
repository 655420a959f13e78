import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lagosDay } from '../../lambdas/core/domain/reconciliation';
import { awaitingSince, listRefundLegs, type RefundLeg } from '../../lambdas/core/entities/refund';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { captureEmf } from '../support/emf';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { emailsTo } from '../support/mailbox';
import { readyToBePaid } from '../support/seller';

/**
 * A refund waiting for its buyer's bank account (the provider will not refund a bank transfer
 * here) is counted, its buyer reminded after 1, 3 and 6 days (once a day at most, by email and in
 * the app), and ops raised after 7 days, with business time compressed (ESCROW_TIME_SCALE 0.00002:
 * a day lasts about 1.7 s, the 7-day funding window about 12 s, the 30-day delivery deadline about 52 s).
 */
const timeScale = 0.00002;
const dayMs = 86_400_000 * timeScale;
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-refund-bank-details-'));

beforeAll(async () => {
  // Only the test runs the sweep.
  cloud = await startLocalCloud({ dataDir, timeScale, schedules: { everyMs: 3_600_000 } });
  configureAmplify(cloud.config);
  cloud.flutterwave.setNonRefundablePaymentTypes(['bank_transfer']);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);

interface Summary {
  waitingForOps: { refundsAwaitingBankDetails: string[]; refundsAwaitingBankDetailsOver7Days: string[] };
  reminded: string[];
}
const runSweep = async () => (await cloud.runSchedule('money-sweep')) as Summary;

const reminderEmails = async () =>
  (await emailsTo(cloud.mailboxUrl, buyer.user.email)).filter((e) =>
    e.subject.startsWith('Your refund for "Catering" is waiting for your bank account'),
  );

it('counts a refund waiting for the buyer’s bank account, reminds the buyer after 1, 3 and 6 days, raises ops after 7, and lists it for finance', async () => {
  // ₦10,000 due, ₦11,500 sent by bank transfer: ₦1,500 goes back, which the provider will not refund.
  const terms = { title: 'Catering', description: 'Jollof for forty', value: '10000' };
  const { id } = await fundedContract(cloud, seller, buyer, terms, { paid: '11500' });
  const leg = async () => (await listRefundLegs(id))[0] as RefundLeg;
  const waiting = await eventually(leg, (l) => l.status === 'awaiting_bank_details');
  const since = Date.parse(awaitingSince(waiting));
  expect(waiting.bank_reminders).toBe(0);

  // Counted at once (the sweep's gauge), not paged: the buyer was told.
  const records = captureEmf();
  const first = await runSweep();
  expect(first.waitingForOps.refundsAwaitingBankDetails).toEqual([waiting.reference]);
  expect(first.waitingForOps.refundsAwaitingBankDetailsOver7Days).toEqual([]);
  const gauges = () => records.filter((r) => r.RefundsAwaitingBankDetails !== undefined);
  expect(gauges()[0]).toMatchObject({ RefundsAwaitingBankDetails: 1, RefundsAwaitingBankDetailsOver7Days: 0 });

  // The sweep, as its timer runs it (8 times a business day here); no run before a day has passed reminds anybody.
  const runUntil = async (days: number) => {
    const runs: Summary[] = [];
    while (Date.now() < since + days * dayMs) {
      runs.push(await runSweep());
      await new Promise((resolve) => setTimeout(resolve, dayMs / 8));
    }
    return runs;
  };
  const beforeADay = await runUntil(1);
  expect(beforeADay.flatMap((r) => r.reminded)).toEqual([]);
  expect(await reminderEmails()).toEqual([]);

  // After 1, 3 and 6 days: one reminder each, however many runs in between; ops raised after 7.
  const week = await runUntil(7.5);
  expect(week.flatMap((r) => r.reminded)).toEqual([waiting.reference, waiting.reference, waiting.reference]);
  const emails = await eventually(reminderEmails, (e) => e.length === 3);
  expect(emails[0]?.body.text).toContain('₦1,500.00 for "Catering" is waiting to be sent back to you');
  expect(emails[0]?.body.text).toContain('/bank-info');
  const told = await call<{ notifications: Array<{ title: string }> }>(buyer, '/notifications');
  expect(told.body.notifications.filter((n) => n.title === 'Refund waiting for your bank account')).toHaveLength(3);
  expect((await leg()).bank_reminders).toBe(3);
  const last = week.at(-1);
  expect(last?.waitingForOps.refundsAwaitingBankDetailsOver7Days).toEqual([waiting.reference]);
  expect(gauges().at(-1)).toMatchObject({ RefundsAwaitingBankDetails: 1, RefundsAwaitingBankDetailsOver7Days: 1 });
  // Not before the 7th day: the runs of the first six said nobody waited too long.
  const raisedAfter = week.findIndex((r) => r.waitingForOps.refundsAwaitingBankDetailsOver7Days.length > 0);
  expect(raisedAfter).toBeGreaterThan(0);

  // Finance's list of the day's failures names it by reference.
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'scripts/executions.ts', '--since', lagosDay(new Date(since).toISOString())],
    { env: process.env },
  );
  expect(stdout).toMatch(
    new RegExp(`${id}\\s+refund awaiting bank details\\s+₦1,500\\.00\\s+awaiting_bank_details\\s+${waiting.reference}`),
  );

  // The buyer saves their bank account: the refund goes there, and nothing waits any more.
  await readyToBePaid(cloud, buyer, '2468', { bank_code: '044', account_number: '0690000033' });
  await eventually(leg, (l) => l.status === 'completed');
  const after = await runSweep();
  expect(after.waitingForOps.refundsAwaitingBankDetails).toEqual([]);
  expect(gauges().at(-1)).toMatchObject({ RefundsAwaitingBankDetails: 0, RefundsAwaitingBankDetailsOver7Days: 0 });
  await expectBalancedLedgers([id]);
}, 60_000);
