import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { platformFee } from '../../lambdas/core/domain/money';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { contractKey } from '../../lambdas/core/entities/contract';
import { payoutKey } from '../../lambdas/core/entities/payout';
import { failingPayoutAccount } from '../../lib/local/flutterwave/index';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { fundedContract, markCompleted } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson, waitForEmail } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf } from '../support/ledger';
import { sixDigitCode } from '../support/mailbox';
import { readyToBePaid, setPin } from '../support/seller';

/**
 * Money out against the local cloud, the real state machine and the provider's sandbox: the buyer
 * marks completed, the seller releases with the PIN, the workflow transfers once and completes.
 * Faults (failed, held, lost transfers) are the sandbox's switches; transfer timeouts and retry
 * intervals are shortened so nothing waits on real minutes. After every test, every contract's
 * ledger sums to zero and payout + fee = released.
 */
const pin = '4821';
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let stranger: SignedInPerson;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-payouts-'));

beforeAll(async () => {
  cloud = await startLocalCloud({
    dataDir,
    // A lost webhook is followed up when the Transfer task times out: 2 s here instead of an hour.
    workflowTimeouts: { Transfer: 2 },
    workflowRetryIntervals: { Transfer: 100 },
    flutterwave: { transferDecideMs: 300 },
  });
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
  stranger = await signedInPerson(cloud, 'stranger');
  await readyToBePaid(cloud, seller, pin);
}, 120_000);

afterEach(async () => {
  Object.assign(cloud.flutterwave.faults, {
    transferCreateFailures: 0,
    transferCreateLostReplies: 0,
    transferFailures: 0,
    transferWebhookDrops: 0,
    holdTransfers: false,
  });
  await expectBalancedLedgers(touched);
  for (const id of touched) {
    const payout = await payoutOf(id);
    if (payout) expect(payout.payout_minor + payout.fee_minor, `contract ${id} payout + fee`).toBe(payout.released_minor);
  }
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const payoutOf = async (id: string) =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: payoutKey(id), ConsistentRead: true }))).Item as
    | { released_minor: number; fee_minor: number; payout_minor: number; status: string; attempts: number }
    | undefined;

const storedContract = async (id: string) =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: contractKey(id), ConsistentRead: true })))
    .Item as Record<string, unknown>;

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);

async function contract(id: string): Promise<ContractView> {
  return ((await call(buyer, `/contracts/${id}`)).body as { contract: ContractView }).contract;
}

/** An accepted NGN contract the buyer paid in full by bank transfer (through the sandbox's bank page). */
const paidInFull = async (value = '85000', creator: SignedInPerson = seller) =>
  (await fundedContract(cloud, creator, buyer, { title: 'Wedding cake', description: 'Three tiers', value }, { touched })).id;

/** Funded and marked completed by the buyer. */
async function satisfiedContract(value?: string, creator?: SignedInPerson): Promise<string> {
  const id = await paidInFull(value, creator);
  await markCompleted(cloud, buyer, id);
  return id;
}

const release = (id: string, who: SignedInPerson = seller, withPin = pin) =>
  call(who, '/release-funds', { contractId: id, pin: withPin, releaseAmount: 1, creatorId: who.sub });

/** Every attempt at the provider for the contract's payout (a retry's reference carries a suffix). */
const transfersOf = (id: string) => cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id)));

const completed = (id: string, ms = 30_000) =>
  eventually(
    () => contract(id),
    (c) => c.status === 'completed',
    ms,
  );

describe('mark completed', () => {
  it('lets the payer mark a funded contract completed once, and tells the creator', async () => {
    const id = await paidInFull();
    const marked = await call(buyer, '/mark-contract-completed', { contractId: id });
    expect(marked.status).toBe(200);
    expect((marked.body.contract as ContractView).status).toBe('payer_marked_satisfied');
    expect((marked.body.contract as ContractView).marked_as_cc).toBe(buyer.sub);
    const again = await call(buyer, '/mark-contract-completed', { contractId: id });
    expect(again).toMatchObject({ status: 409, body: { error: 'You have already marked this contract completed.' } });
    const inbox = (await call(seller, '/notifications')).body as { notifications: Array<{ title: string }> };
    expect(inbox.notifications.map((n) => n.title)).toContain('Contract marked completed');
  });

  it('refuses a stranger and the creator (403) and a contract not yet funded (409), changing nothing', async () => {
    const id = await paidInFull();
    expect((await call(stranger, '/mark-contract-completed', { contractId: id })).status).toBe(403);
    expect((await call(seller, '/mark-contract-completed', { contractId: id })).status).toBe(403);
    expect((await contract(id)).status).toBe('fully_funded');
    const made = await call(seller, '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Unpaid',
      description: 'Nothing paid',
      value: '1000',
      currency: 'NGN',
    });
    const unpaid = String(made.body.id);
    expect((await call(buyer, '/accept-contract', { contractId: unpaid })).status).toBe(200);
    expect((await call(buyer, '/mark-contract-completed', { contractId: unpaid })).status).toBe(403);
  });
});

describe('release and payout', () => {
  it('pays the seller once: releasing, one transfer of value - 2%, completed, a balanced posting, both told', async () => {
    const id = await satisfiedContract('85000');
    const released = await release(id);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((released.body.contract as ContractView).status).toBe('releasing');
    await completed(id);
    const transfers = transfersOf(id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amountMinor: 8_500_000 - platformFee(8_500_000),
      accountNumber: '0690000032',
      bankCode: '044',
      status: 'SUCCESSFUL',
    });
    const payout = await payoutOf(id);
    expect(payout).toMatchObject({ status: 'paid', released_minor: 8_500_000, fee_minor: 170_000, payout_minor: 8_330_000 });
    const ledger = await ledgerOf(id);
    expect(ledger.map((e) => e.kind)).toEqual(['payment_credited', 'payout_completed']);
    // What left the provider: the payout and the provider's fee on its transfer (₦50 + 7.5% VAT above ₦50,000).
    expect(ledger[1]?.lines).toEqual([
      { account: 'escrow', amount_minor: 8_500_000 },
      { account: 'fees', amount_minor: -170_000 },
      { account: 'provider_holding', amount_minor: -8_330_000 },
      { account: 'provider_fees', amount_minor: 5_375 },
      { account: 'provider_holding', amount_minor: -5_375 },
    ]);
    expect(ledger[1]?.provider_id).toBe(`transfer:${transfers[0]?.id}`);
    const analytics = await call(seller, `/contracts/${id}/analytics`);
    expect(analytics.body.payout).toMatchObject({ status: 'paid', fee_minor: 170_000, payout_minor: 8_330_000 });
    for (const [who, title] of [
      [seller, 'Funds released'],
      [buyer, 'Contract completed'],
    ] as const) {
      const inbox = (await call(who, '/notifications')).body as { notifications: Array<{ title: string }> };
      expect(inbox.notifications.map((n) => n.title)).toContain(title);
    }
  });

  it('makes exactly one transfer for 50 concurrent release requests', async () => {
    const id = await satisfiedContract('12000');
    const replies = await Promise.all(Array.from({ length: 50 }, () => release(id)));
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) expect([200, 409, 429]).toContain(reply.status);
    await completed(id);
    expect(transfersOf(id)).toHaveLength(1);
    expect((await ledgerOf(id)).filter((e) => e.kind === 'payout_completed')).toHaveLength(1);
  });

  it('completes once for 50 deliveries of one transfer.completed', async () => {
    const id = await satisfiedContract('9000');
    cloud.flutterwave.faults.transferWebhookDrops = 1;
    expect((await release(id)).status).toBe(200);
    const [transfer] = await eventually(
      async () => transfersOf(id),
      (ts) => ts[0]?.status === 'SUCCESSFUL',
    );
    const webhook = {
      event: 'transfer.completed',
      'event.type': 'Transfer',
      data: { id: transfer?.id, reference: transfer?.reference, status: 'SUCCESSFUL', amount: 1, currency: 'NGN' },
    };
    const deliveries = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${cloud.apiUrl}/flutterwave-webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verif-hash': cloud.flutterwave.webhookHash },
          body: JSON.stringify(webhook),
        }),
      ),
    );
    for (const delivery of deliveries) expect(delivery.status).toBe(200);
    await completed(id);
    expect(transfersOf(id)).toHaveLength(1);
    expect((await ledgerOf(id)).filter((e) => e.kind === 'payout_completed')).toHaveLength(1);
    const inbox = (await call(seller, '/notifications')).body as { notifications: Array<{ title: string; body: string }> };
    expect(inbox.notifications.filter((n) => n.title === 'Funds released' && n.body.includes('₦8,820.00'))).toHaveLength(1);
  });

  it('refuses a transfer webhook without the secret hash (401), changing nothing', async () => {
    const reply = await fetch(`${cloud.apiUrl}/flutterwave-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': 'wrong' },
      body: JSON.stringify({ event: 'transfer.completed', data: { id: 1, reference: 'payout-x', status: 'SUCCESSFUL' } }),
    });
    expect(reply.status).toBe(401);
  });

  it('retries a FAILED transfer and pays once', async () => {
    const id = await satisfiedContract('20000');
    cloud.flutterwave.faults.transferFailures = 1;
    expect((await release(id)).status).toBe(200);
    await completed(id);
    const transfers = transfersOf(id);
    expect(transfers.map((t) => t.status)).toEqual(['FAILED', 'SUCCESSFUL']);
    expect(transfers[1]?.retryOf).toBe(transfers[0]?.id);
    expect((await ledgerOf(id)).filter((e) => e.kind === 'payout_completed')).toHaveLength(1);
  });

  it('retries once for a FAILED webhook delivered many times, and pays once', async () => {
    const id = await satisfiedContract('21000');
    cloud.flutterwave.faults.transferFailures = 1;
    expect((await release(id)).status).toBe(200);
    const [failed] = await eventually(
      async () => transfersOf(id),
      (ts) => ts[0]?.status === 'FAILED',
    );
    const webhook = { event: 'transfer.completed', data: { id: failed?.id, reference: failed?.reference, status: 'FAILED' } };
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${cloud.apiUrl}/flutterwave-webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verif-hash': cloud.flutterwave.webhookHash },
          body: JSON.stringify(webhook),
        }),
      ),
    );
    await completed(id);
    expect(transfersOf(id).map((t) => t.status)).toEqual(['FAILED', 'SUCCESSFUL']);
    expect((await ledgerOf(id)).filter((e) => e.kind === 'payout_completed')).toHaveLength(1);
  });

  it('reconciles a transfer whose webhook was lost, from the provider', async () => {
    const id = await satisfiedContract('15000');
    cloud.flutterwave.faults.transferWebhookDrops = 1;
    expect((await release(id)).status).toBe(200);
    await completed(id);
    expect(transfersOf(id)).toHaveLength(1);
  });

  it('retries a transfer whose creation the provider lost the reply of, without making a second one', async () => {
    const id = await satisfiedContract('16000');
    cloud.flutterwave.faults.transferCreateLostReplies = 1;
    cloud.flutterwave.faults.transferCreateFailures = 1;
    expect((await release(id)).status).toBe(200);
    await completed(id);
    expect(transfersOf(id)).toHaveLength(1);
  });

  it('waits as failed when every retry fails, tells the creator, counts as waiting for ops until resumed, and pays once when ops resume it', async () => {
    const id = await satisfiedContract('30000');
    cloud.flutterwave.faults.transferFailures = 3;
    expect((await release(id)).status).toBe(200);
    await eventually(
      () => payoutOf(id),
      (p) => p?.status === 'failed',
      30_000,
    );
    expect((await contract(id)).status).toBe('releasing');
    expect(transfersOf(id).map((t) => t.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    const inbox = (await call(seller, '/notifications')).body as { notifications: Array<{ title: string }> };
    expect(inbox.notifications.map((n) => n.title)).toContain('Payout delayed');
    // Every sweep run counts it as waiting for ops (PayoutsWaitingForOps) until ops resume it.
    const waiting = async () =>
      ((await cloud.runSchedule('money-sweep')) as { waitingForOps: { payouts: string[] } }).waitingForOps.payouts;
    expect(await waiting()).toContain(`payout-${id}`);
    expect(await waiting()).toContain(`payout-${id}`);
    const { resumePayout } = await import('../../lambdas/core/services/payouts/failure');
    expect((await resumePayout(id)).resumed).toBe(true);
    expect(await waiting()).not.toContain(`payout-${id}`);
    await completed(id);
    expect(transfersOf(id).map((t) => t.status)).toEqual(['FAILED', 'FAILED', 'FAILED', 'SUCCESSFUL']);
  });
});

describe('a payout to an account that cannot take it', () => {
  it('is redirected the moment the seller saves corrected bank details, with no one from ops: a new reference, the old attempts kept, paid once', async () => {
    const other = await signedInPerson(cloud, 'redirected-seller');
    await setPin(cloud, other, '6464');
    const wrong = await call(other, '/save-bank-info', {
      bank_code: failingPayoutAccount.bankCode,
      account_number: failingPayoutAccount.accountNumber,
      pin: '6464',
    });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    const id = await satisfiedContract('20000', other);
    expect((await release(id, other, '6464')).status).toBe(200);
    await eventually(
      () => payoutOf(id),
      (p) => p?.status === 'failed',
      30_000,
    );
    const failed = transfersOf(id);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((t) => t.status === 'FAILED' && t.accountNumber === failingPayoutAccount.accountNumber)).toBe(true);
    const { resumePayout } = await import('../../lambdas/core/services/payouts/failure');
    const corrected = await call(other, '/save-bank-info', { bank_code: '044', account_number: '0690000032', pin: '6464' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // Saving them resumed the payout to the new account (the old one's transfers all FAILED, none in flight).
    const { getPayout } = await import('../../lambdas/core/entities/payout');
    const redirected = await getPayout(id);
    expect(redirected).toMatchObject({ reference: payoutReference(id, 2), account_number: '0690000032', resumes: 1 });
    expect(redirected?.previous_destinations).toEqual([
      expect.objectContaining({
        reference: payoutReference(id),
        account_number: failingPayoutAccount.accountNumber,
        transfer_status: 'FAILED',
      }),
    ]);
    await completed(id);
    const paid = transfersOf(id).filter((t) => t.status === 'SUCCESSFUL');
    expect(paid.map((t) => [t.reference, t.accountNumber, t.amountMinor])).toEqual([
      [payoutReference(id, 2), '0690000032', 1_960_000],
    ]);
    expect((await ledgerOf(id)).filter((e) => e.kind === 'payout_completed')).toHaveLength(1);
    // Resuming a paid payout changes nothing.
    expect((await resumePayout(id)).resumed).toBe(false);
  });
});

describe('release refusals change nothing', () => {
  it('refuses before the payer is satisfied (409, the spec’s message)', async () => {
    const id = await paidInFull();
    const reply = await release(id);
    expect(reply).toMatchObject({
      status: 409,
      body: { error: 'Funds can only be released when the payer is satisfied. Current status: fully_funded.' },
    });
    expect((await storedContract(id)).status).toBe('fully_funded');
    expect(await payoutOf(id)).toBeUndefined();
  });

  it('refuses a stranger and the buyer (403)', async () => {
    const id = await satisfiedContract();
    for (const who of [stranger, buyer]) {
      const reply = await release(id, who);
      expect(reply).toMatchObject({ status: 403, body: { error: 'Only the creator of this contract can release its funds.' } });
    }
    expect((await storedContract(id)).status).toBe('payer_marked_satisfied');
  });

  it('refuses a wrong PIN (400, the session kept: a 401 would sign the person out) and, after five, even the right one for a while (429)', async () => {
    const other = await signedInPerson(cloud, 'other-seller');
    await setPin(cloud, other, '1111');
    expect((await call(other, '/save-bank-info', { bank_code: '044', account_number: '0690000033', pin: '1111' })).status).toBe(
      200,
    );
    const id = await satisfiedContract('5000', other);
    for (let i = 0; i < 5; i += 1)
      expect(await release(id, other, '9999')).toMatchObject({ status: 400, body: { error: 'Incorrect payment PIN.' } });
    expect((await release(id, other, '1111')).status).toBe(429);
    expect((await call(other, '/profile')).status).toBe(200);
    expect((await storedContract(id)).status).toBe('payer_marked_satisfied');
    expect(transfersOf(id)).toHaveLength(0);
  });

  it('refuses a seller without bank details (409)', async () => {
    const other = await signedInPerson(cloud, 'no-bank');
    await setPin(cloud, other, '2222');
    const id = await satisfiedContract('5000', other);
    expect(await release(id, other, '2222')).toMatchObject({
      status: 409,
      body: { error: 'Add your bank details before releasing funds.' },
    });
    expect((await storedContract(id)).status).toBe('payer_marked_satisfied');
  });

  it('refuses malformed bodies with a 400 and never a 5xx', async () => {
    for (const body of [{}, { contractId: 'x' }, { contractId: 'x', pin: '12' }, { contractId: 5, pin: 1234 }, []]) {
      const reply = await call(seller, '/release-funds', body);
      expect(reply.status).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
  });
});

describe('bank details and the payment PIN', () => {
  it('answers only the two provider reads the bank page needs', async () => {
    const banks = await call(seller, '/flutterwave-proxy', { path: '/banks/NG', method: 'GET' });
    expect(banks.status).toBe(200);
    expect((banks.body.data as Array<{ code: string }>).some((b) => b.code === '044')).toBe(true);
    const resolved = await call(seller, '/flutterwave-proxy', {
      path: '/accounts/resolve',
      method: 'POST',
      flutterwavePayload: { account_number: '0690000032', account_bank: '044' },
    });
    expect(resolved.status).toBe(200);
    expect((resolved.body.data as { account_name: string }).account_name).toBeTruthy();
    const unknown = await call(seller, '/flutterwave-proxy', {
      path: '/accounts/resolve',
      method: 'POST',
      flutterwavePayload: { account_number: '1234567890', account_bank: '058' },
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'Could not verify account. Please check details and try again.' },
    });
    for (const path of ['/transfers', '/banks/GH', '/v3/transfers', '../transfers']) {
      const reply = await call(seller, '/flutterwave-proxy', { path, method: 'POST', flutterwavePayload: {} });
      expect(reply.status).toBe(400);
    }
  });

  it('saves bank details with the name the server resolved, only with the PIN, and emails the account', async () => {
    const other = await signedInPerson(cloud, 'bank-saver');
    const before = await call(other, '/save-bank-info', { bank_code: '044', account_number: '0690000034', pin: '3333' });
    expect(before.status).toBe(409);
    await setPin(cloud, other, '3333');
    const wrong = await call(other, '/save-bank-info', { bank_code: '044', account_number: '0690000034', pin: '0000' });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Incorrect payment PIN.' } });
    const saved = await call(other, '/save-bank-info', {
      bank_code: '044',
      account_number: '0690000034',
      pin: '3333',
      account_name: 'Someone Else',
    });
    expect(saved.status).toBe(200);
    const profile = (await call(other, '/profile')).body as { profile: Record<string, unknown> };
    expect(profile.profile).toMatchObject({ bank_code: '044', account_number: '0690000034', has_payment_pin: true });
    expect(profile.profile.account_name).not.toBe('Someone Else');
    await waitForEmail(cloud, other.user.email, /bank details were changed/);
  });

  it('sets the PIN only with the right security answer and the emailed code, once', async () => {
    const other = await signedInPerson(cloud, 'pin-setter');
    expect(await call(other, '/request-pin-code', { securityAnswer: 'wrong answer' })).toMatchObject({
      status: 400,
      body: { error: 'Incorrect security answer.' },
    });
    expect((await call(other, '/request-pin-code', { securityAnswer: other.user.answer })).status).toBe(200);
    const code = sixDigitCode(await waitForEmail(cloud, other.user.email, /payment PIN code/));
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await call(other, '/reset-pin', { code: wrongCode, pin: '4444', confirmPin: '4444' })).status).toBe(400);
    expect((await call(other, '/reset-pin', { code, pin: '4444', confirmPin: '4445' })).status).toBe(400);
    expect((await call(other, '/reset-pin', { code, pin: '4444', confirmPin: '4444' })).status).toBe(200);
    expect((await call(other, '/reset-pin', { code, pin: '5555', confirmPin: '5555' })).status).toBe(400);
    const stored = (await call(other, '/profile')).body as { profile: { has_payment_pin: boolean } };
    expect(stored.profile.has_payment_pin).toBe(true);
  });
});

describe('analytics', () => {
  it('shows the creator the paid amount, the fee and the payout, and refuses anyone else (403)', async () => {
    const id = await paidInFull('85000');
    const mine = await call(seller, `/contracts/${id}/analytics`);
    expect(mine.status).toBe(200);
    expect(mine.body.payout).toMatchObject({
      status: 'not_requested',
      released_minor: 8_500_000,
      fee_minor: 170_000,
      payout_minor: 8_330_000,
      bank_code: '044',
      account_number: '0690000032',
    });
    expect(await call(buyer, `/contracts/${id}/analytics`)).toMatchObject({
      status: 403,
      body: { error: 'Access Denied: Only the contract creator can view these analytics.' },
    });
  });
});

it('documents the sandbox account that always fails', () => {
  expect(failingPayoutAccount).toMatchObject({ bankCode: expect.any(String), accountNumber: expect.stringMatching(/^\d{10}$/) });
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
