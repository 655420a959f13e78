import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { currencyNotAvailable, toDecimalString } from '../../lambdas/core/domain/money';
import { contractKey } from '../../lambdas/core/entities/contract';
import { listPaymentReferences } from '../../lambdas/core/entities/contract-payment';
import { toItem as partyLinkItem } from '../../lambdas/core/entities/party-link';
import { listOpenPayments, paymentKey } from '../../lambdas/core/entities/payment';
import { listRefundLegs } from '../../lambdas/core/entities/refund';
import { workflowTokenKey } from '../../lambdas/core/entities/workflow-token';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { confirmedUser, signedIn } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf, ledgerSummaryOf } from '../support/ledger';
import { cardCheckout as payByCard, providerRefundsOf, sendFromBank } from '../support/sandbox-payer';

/**
 * Money into escrow against the local cloud and the provider's sandbox: the real adapter over
 * HTTP, signed webhooks, the real credit transaction. Every test ends with each contract's ledger
 * summing to zero; faults (duplicated, dropped, delayed webhooks, a failing verify) are the
 * sandbox's switches.
 */
interface Actor {
  token: string;
  sub: string;
}

let cloud: LocalCloud;
let seller: Actor;
let buyer: Actor;
let stranger: Actor;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-payments-'));

beforeAll(async () => {
  cloud = await startLocalCloud({ dataDir });
  configureAmplify(cloud.config);
  seller = await signedIn(await confirmedUser(cloud, 'seller'));
  buyer = await signedIn(await confirmedUser(cloud, 'buyer'));
  stranger = await signedIn(await confirmedUser(cloud, 'stranger'));
});

afterEach(async () => {
  Object.assign(cloud.flutterwave.faults, {
    webhookDelayMs: 0,
    webhookDuplicates: 0,
    dropWebhooks: false,
    verifyFailures: 0,
    verifyHangMs: 0,
  });
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(actor: Actor, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(actor.token ? { authorization: `Bearer ${actor.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An accepted NGN contract of `value` naira, waiting for money. */
async function activeContract(value = '85000'): Promise<string> {
  const made = await call(seller, '/create-contract', {
    acceptorId: buyer.sub,
    title: 'Wedding cake',
    description: 'Three tiers',
    value,
    currency: 'NGN',
  });
  const id = String(made.body.id);
  touched.add(id);
  expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
  return id;
}

const paymentsOf = (id: string) => listPaymentReferences(id);

async function contract(id: string): Promise<ContractView> {
  return ((await call(seller, `/contracts/${id}`)).body as { contract: ContractView }).contract;
}

async function transferAccount(id: string): Promise<TransferAccountResponse> {
  const reply = await call(buyer, '/generate-transfer-account', { contractId: id });
  expect(reply.status).toBe(200);
  return reply.body as unknown as TransferAccountResponse;
}

/** A person sends a transfer from the sandbox's bank page. */
async function sendTransfer(accountNumber: string, amountMinor: number) {
  expect(await sendFromBank(cloud, accountNumber, toDecimalString(amountMinor, 'NGN'))).toBe(200);
}

const paymentOf = async (txRef: string) =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: paymentKey(txRef), ConsistentRead: true })))
    .Item;

const status = (txRef: string) => call(buyer, '/get-payment-status', { txRef });

/** The payer's choice on the provider's hosted card page for this reference. */
const cardCheckout = (txRef: string, naira: string, action: 'pay' | 'fail', currency = 'NGN') =>
  payByCard(cloud, txRef, naira, action, currency);

describe('paying into escrow by bank transfer', () => {
  it('credits a full transfer once, makes the contract fully funded and moves its execution to AwaitDelivery', async () => {
    const id = await activeContract();
    const account = await transferAccount(id);
    expect(account).toMatchObject({ amount_minor: 8_500_000, currency: 'NGN', title: 'Wedding cake' });
    await sendTransfer(account.account_number, account.amount_minor);
    await eventually(
      () => paymentOf(account.txRef),
      (p) => p?.status === 'credited',
    );
    expect(await contract(id)).toMatchObject({
      status: 'fully_funded',
      amount_paid_minor: 8_500_000,
      payer_user_ids: [buyer.sub],
    });
    expect((await status(account.txRef)).body).toMatchObject({ status: 'successful', contractId: id, amount_minor: 8_500_000 });
    expect(await ledgerOf(id)).toHaveLength(1);
    await eventually(
      async () =>
        (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: workflowTokenKey(id, 'delivery') }))).Item,
      (item) => item !== undefined,
    );
    const engaged = (await call(buyer, '/engaged-contracts')).body.contracts as ContractView[];
    expect(engaged.map((c) => c.id)).toContain(id);
  });

  it('credits a part payment as in escrow, with the progress below the total', async () => {
    const id = await activeContract('1000');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, 40_000);
    await eventually(
      () => paymentOf(account.txRef),
      (p) => p?.status === 'credited',
    );
    expect(await contract(id)).toMatchObject({ status: 'in_escrow', amount_paid_minor: 40_000, total_amount_minor: 100_000 });
    // The rest is due next: a new account for exactly what is left.
    expect((await transferAccount(id)).amount_minor).toBe(60_000);
  });

  it('credits exactly once when the same webhook arrives 50 times at once', async () => {
    cloud.flutterwave.faults.webhookDuplicates = 49;
    const id = await activeContract('2500');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    await eventually(
      () => paymentOf(account.txRef),
      (p) => p?.status === 'credited',
    );
    // Let the other deliveries land before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await contract(id)).amount_paid_minor).toBe(250_000);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('credits once when the webhook races the status poll', async () => {
    cloud.flutterwave.faults.webhookDelayMs = 150;
    const id = await activeContract('3000');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    const polls = await Promise.all(Array.from({ length: 10 }, () => status(account.txRef)));
    expect(polls.every((p) => p.status === 200)).toBe(true);
    await eventually(
      () => paymentOf(account.txRef),
      (p) => p?.status === 'credited',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await contract(id)).amount_paid_minor).toBe(300_000);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('credits a payment whose webhook never came when the payer checks its status', async () => {
    cloud.flutterwave.faults.dropWebhooks = true;
    const id = await activeContract('1200');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await paymentOf(account.txRef))?.status).toBe('initiated');
    expect((await status(account.txRef)).body).toMatchObject({ status: 'successful' });
    expect((await contract(id)).status).toBe('fully_funded');
  });

  it('credits a payment nobody polls whose webhook never came, on the sweep’s next pass, once', async () => {
    cloud.flutterwave.faults.dropWebhooks = true;
    const id = await activeContract('1250');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    await eventually(
      async () => cloud.flutterwave.transactions().filter((t) => t.txRef === account.txRef),
      (txs) => txs.some((t) => t.status === 'successful'),
    );
    const { followUpOpenPayments } = await import('../../lambdas/core/services/payments/follow-up');
    // A payment younger than 5 minutes is left to the checkout that polls it.
    await followUpOpenPayments();
    expect((await paymentOf(account.txRef))?.status).toBe('initiated');
    // Five minutes on, nobody has asked: the sweep verifies it with the provider and credits it.
    const later = Date.now() + 6 * 60_000;
    const [first, second] = await Promise.all([followUpOpenPayments(later), followUpOpenPayments(later)]);
    expect(first.credited + second.credited).toBeGreaterThanOrEqual(1);
    expect(await contract(id)).toMatchObject({ status: 'fully_funded', amount_paid_minor: 125_000 });
    const stillOpen = await listOpenPayments(new Date(later).toISOString());
    expect(stillOpen.map((p) => p.tx_ref)).not.toContain(account.txRef);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('answers 503 while the provider cannot verify, then credits once when it can', async () => {
    cloud.flutterwave.faults.dropWebhooks = true;
    const id = await activeContract('1300');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    // Every verify fails until the provider is back (a delayed webhook of an earlier test may also be verifying).
    cloud.flutterwave.faults.verifyFailures = 1_000;
    expect(await status(account.txRef)).toEqual({
      status: 503,
      body: { error: 'Verification service is temporarily unavailable.' },
    });
    expect((await paymentOf(account.txRef))?.status).toBe('initiated');
    cloud.flutterwave.faults.verifyFailures = 0;
    expect((await status(account.txRef)).body).toMatchObject({ status: 'successful' });
    expect((await status(account.txRef)).body).toMatchObject({ status: 'successful' });
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('refuses a webhook with the wrong verif-hash (401) and changes nothing', async () => {
    cloud.flutterwave.faults.dropWebhooks = true;
    const id = await activeContract('1400');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    const body = {
      event: 'charge.completed',
      data: { id: 1, tx_ref: account.txRef, amount: 1400, currency: 'NGN', status: 'successful' },
    };
    const forged = await call({ token: '', sub: '' }, '/flutterwave-webhook', body, { 'verif-hash': 'not-the-hash' });
    expect(forged).toEqual({ status: 401, body: { error: 'Invalid webhook signature.' } });
    expect((await paymentOf(account.txRef))?.status).toBe('initiated');
    expect((await contract(id)).amount_paid_minor).toBe(0);
    expect(await ledgerOf(id)).toHaveLength(0);
  });
});

describe('the escrow execution', () => {
  it('is started by the first payment when starting it at acceptance failed: no funded contract without its execution', async () => {
    const made = await call(seller, '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Roof repair',
      description: 'Replace 20 sheets',
      value: '30000',
      currency: 'NGN',
    });
    const id = String(made.body.id);
    touched.add(id);
    // What accept writes, as if its process then died before it started the execution.
    const now = new Date().toISOString();
    await documents().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: localStage.tableName,
              Key: contractKey(id),
              UpdateExpression: 'SET #status = :active, accepted_by = :buyer, #version = #version + :one',
              ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
              ExpressionAttributeValues: { ':active': 'active', ':buyer': [buyer.sub], ':one': 1 },
            },
          },
          {
            Put: {
              TableName: localStage.tableName,
              Item: partyLinkItem({ contract_id: id, user_id: buyer.sub, role: 'acceptor', linked_at: now }),
            },
          },
        ],
      }),
    );
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, 3_000_000);
    await eventually(
      () => contract(id),
      (c) => c.status === 'fully_funded',
    );
    // The execution runs: it went through AwaitFunding (answered at once) and waits for the delivery.
    await eventually(
      async () =>
        (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: workflowTokenKey(id, 'delivery') }))).Item,
      (item) => item !== undefined,
    );
  });
});

describe('one open transfer account per contract', () => {
  it('shows the same account on every visit, and five visits at once share one', async () => {
    const id = await activeContract('15000');
    const first = await transferAccount(id);
    const again = await transferAccount(id);
    expect(again).toEqual(first);
    const together = await Promise.all(Array.from({ length: 5 }, () => transferAccount(id)));
    for (const account of together) expect(account).toEqual(first);
    // So the payer cannot send the full amount to two accounts: the one account takes one transfer.
    await sendTransfer(first.account_number, 1_500_000);
    await eventually(
      () => contract(id),
      (c) => c.status === 'fully_funded',
    );
    expect(await sendFromBank(cloud, first.account_number, '15000')).toBe(400);
  });

  it('makes a new account for what is still due once money reached the open one', async () => {
    const id = await activeContract('20000');
    const first = await transferAccount(id);
    await sendTransfer(first.account_number, 500_000);
    await eventually(
      () => contract(id),
      (c) => c.amount_paid_minor === 500_000,
    );
    const next = await transferAccount(id);
    expect(next.account_number).not.toBe(first.account_number);
    expect(next.txRef).not.toBe(first.txRef);
    expect(next.amount_minor).toBe(1_500_000);
    expect(await transferAccount(id)).toEqual(next);
  });
});

describe('who may pay, and how much', () => {
  it('lets only the contract’s buyer pay (403 for the creator and strangers)', async () => {
    const id = await activeContract();
    for (const actor of [seller, stranger]) {
      expect(await call(actor, '/generate-transfer-account', { contractId: id })).toEqual({
        status: 403,
        body: { error: 'Only the buyer of this contract can pay into its escrow.' },
      });
    }
  });

  it('takes no payment into a contract stored in a currency escrow does not carry (409), by any way', async () => {
    const id = await activeContract('100');
    // JPY, written straight to the table: no request can make such a contract.
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: contractKey(id),
        UpdateExpression: 'SET currency = :jpy',
        ExpressionAttributeValues: { ':jpy': 'JPY' },
      }),
    );
    for (const route of ['/generate-transfer-account', '/start-card-payment', '/initiate-opay-payment'])
      expect(await call(buyer, route, { contractId: id }), route).toEqual({
        status: 409,
        body: { error: currencyNotAvailable('JPY') },
      });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('takes the amount due from the stored contract, whatever the browser sends', async () => {
    const id = await activeContract('500');
    const reply = await call(buyer, '/start-card-payment', { contractId: id, amount: 1, amount_minor: 1 });
    expect(reply.body).toMatchObject({ amount_minor: 50_000, currency: 'NGN' });
  });

  it('refunds a card payment in another currency than the contract’s in full, in its own currency: nothing credited, nothing kept', async () => {
    const id = await activeContract('700');
    const card = (await call(buyer, '/start-card-payment', { contractId: id })).body as { txRef: string };
    await cardCheckout(card.txRef, '700', 'pay', 'USD');
    const settled = await eventually(
      () => paymentOf(card.txRef),
      (p) => p?.status === 'refunding',
    );
    expect(settled).toMatchObject({ amount_credited_minor: 0 });
    expect((await status(card.txRef)).body).toMatchObject({ status: 'refunding' });
    expect(await contract(id)).toMatchObject({ status: 'active', amount_paid_minor: 0 });
    const [leg] = await eventually(
      () => listRefundLegs(id),
      (legs) => legs[0]?.status === 'completed',
      15_000,
    );
    expect(leg).toMatchObject({ reason: 'wrong_currency', currency: 'USD', amount_minor: 70_000, from: 'suspense' });
    expect(providerRefundsOf(cloud, card.txRef).map((r) => [r.amountMinor, r.status])).toEqual([[70_000, 'completed']]);
    // The dollars are posted apart from the contract's naira: the naira ledger is untouched, the dollars all went back.
    expect(await ledgerSummaryOf(id)).toMatchObject({ paid_in_minor: 0, held_minor: 0 });
    expect(await ledgerSummaryOf(id, 'USD')).toMatchObject({ paid_in_minor: 70_000, refunded_minor: 70_000, suspense_minor: 0 });
    const told = (await call(buyer, '/notifications')).body as { notifications: Array<{ body: string }> };
    expect(told.notifications.map((n) => n.body)).toContain(
      `$700.00 of your payment for "${(await contract(id)).title}" was in USD, and this contract takes NGN only: it is being refunded to you.`,
    );
  });

  it('credits a card payment that succeeds after a declined attempt on the same reference', async () => {
    const id = await activeContract('650');
    const card = (await call(buyer, '/start-card-payment', { contractId: id })).body as { txRef: string };
    await cardCheckout(card.txRef, '650', 'fail');
    await eventually(
      () => paymentOf(card.txRef),
      (p) => p?.last_outcome === 'failed',
    );
    expect((await status(card.txRef)).body).toMatchObject({ status: 'failed' });
    await cardCheckout(card.txRef, '650', 'pay');
    await eventually(
      () => paymentOf(card.txRef),
      (p) => p?.status === 'credited',
    );
    expect((await status(card.txRef)).body).toMatchObject({ status: 'successful', amount_minor: 65_000 });
    expect(await contract(id)).toMatchObject({ status: 'fully_funded', amount_paid_minor: 65_000 });
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('refuses to take money for a fully funded contract (409)', async () => {
    const id = await activeContract('100');
    const account = await transferAccount(id);
    await sendTransfer(account.account_number, account.amount_minor);
    await eventually(
      () => paymentOf(account.txRef),
      (p) => p?.status === 'credited',
    );
    expect((await call(buyer, '/generate-transfer-account', { contractId: id })).status).toBe(409);
  });

  it('answers a stranger’s status check for someone else’s payment as not found', async () => {
    const id = await activeContract('150');
    const card = (await call(buyer, '/start-card-payment', { contractId: id })).body as { txRef: string };
    expect((await call(stranger, '/get-payment-status', { txRef: card.txRef })).status).toBe(404);
  });
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  // The transfer whose webhook a test dropped on purpose is money the provider holds: the
  // sweep's next pass credits it (as the schedule does in AWS), and only then do they agree.
  const { followUpOpenPayments } = await import('../../lambdas/core/services/payments/follow-up');
  await followUpOpenPayments(Date.now() + 6 * 60_000);
  await expectReconciled();
}, 60_000);
