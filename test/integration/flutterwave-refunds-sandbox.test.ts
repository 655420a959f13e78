import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getBalance } from '../../lambdas/core/adapters/flutterwave/balances';
import { createBankTransferCharge } from '../../lambdas/core/adapters/flutterwave/charges';
import { ProviderRejectedError, ProviderUnavailableError } from '../../lambdas/core/adapters/flutterwave/client';
import {
  createRefund,
  findRefundsForTransaction,
  getRefund,
  listRefunds,
  type ProviderRefund,
  RefundExceedsRemainingError,
  RefundNotSupportedError,
  refundFromWebhook,
  refundWebhookSchema,
} from '../../lambdas/core/adapters/flutterwave/refunds';
import { verifyByReference } from '../../lambdas/core/adapters/flutterwave/transactions';
import { isAuthenticWebhook } from '../../lambdas/core/adapters/flutterwave/webhooks';
import { parseAmount } from '../../lambdas/core/domain/money';
import { type FlutterwaveSandbox, startFlutterwaveSandbox } from '../../lib/local/flutterwave/index';
import { noFaults } from '../../lib/local/flutterwave/webhooks';
import { close, listen, readBody } from '../../lib/local/http-util';

/**
 * Refunds through the Flutterwave adapter against the local sandbox, over HTTP: the adapter is the
 * code AWS runs, the sandbox what it talks to on a laptop. A tiny server stands in for the app's
 * webhook route. The payments refunded are made the way a payer makes them (bank page, card page).
 */

const keys = {
  secretKey: 'FLWSECK_TEST-refunds-secret',
  publicKey: 'FLWPUBK_TEST-refunds-public',
  webhookHash: 'refunds-verif-hash',
};
const customer = { email: 'ada@example.com', fullName: 'Ada Obi', phoneNumber: '08012345678' };

/** How long the test sandbox takes to decide a refund (the local cloud's default is 1.5 s). */
const refundDecideMs = 80;

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: { event: string; data: { id: number; flw_ref?: string; status: string } };
}

let sandbox: FlutterwaveSandbox;
let receiver: Server;
let receiverUrl: string;
const received: ReceivedWebhook[] = [];
let refCount = 0;

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    received.push({ headers: req.headers, body: JSON.parse((await readBody(req)).toString('utf8')) });
    res.writeHead(200).end();
  });
  receiverUrl = `http://127.0.0.1:${await listen(receiver, 0)}/webhooks/flutterwave`;
  sandbox = await startFlutterwaveSandbox({ ...keys, webhookUrl: () => receiverUrl, log: () => undefined, refundDecideMs });
  process.env.FLUTTERWAVE_BASE_URL = sandbox.url;
  process.env.FLUTTERWAVE_SECRET_KEY = keys.secretKey;
  process.env.FLUTTERWAVE_WEBHOOK_HASH = keys.webhookHash;
});

afterEach(() => {
  Object.assign(sandbox.faults, noFaults());
  sandbox.setNonRefundablePaymentTypes([]);
});

afterAll(async () => {
  await sandbox?.stop();
  if (receiver) await close(receiver);
});

// ---------------------------------------------------------------------------------------------

function newTxRef(label: string): string {
  refCount += 1;
  return `ESC-${label}-${Date.now()}-${refCount}`;
}

// Matched on the provider's random reference: ids start over in every sandbox (the restart test runs a second one).
function refundHooksFor(refund: ProviderRefund): ReceivedWebhook[] {
  return received.filter((w) => w.body.event.startsWith('refund.') && w.body.data.flw_ref === refund.flwRef);
}

/** Polls until `check` answers something truthy (webhooks arrive after the API answered). */
async function until<T>(check: () => T | undefined | false, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withBaseUrl<T>(url: string, run: () => Promise<T>): Promise<T> {
  const previous = process.env.FLUTTERWAVE_BASE_URL;
  process.env.FLUTTERWAVE_BASE_URL = url;
  try {
    return await run();
  } finally {
    process.env.FLUTTERWAVE_BASE_URL = previous;
  }
}

/** A successful bank-transfer payment of `naira` (a charge, then the transfer from the bank page): its transaction id. */
async function paidByBankTransfer(naira: string, target: FlutterwaveSandbox = sandbox): Promise<number> {
  const txRef = newTxRef('bank');
  const amountMinor = parseAmount(naira) as number;
  const account = await createBankTransferCharge({ txRef, amountMinor, currency: 'NGN', ...customer });
  const bank = await fetch(target.bankUrl, {
    method: 'POST',
    body: new URLSearchParams({ account_number: account.accountNumber, amount: naira }),
  });
  expect(bank.status).toBe(200);
  const tx = await verifyByReference(txRef);
  expect(tx?.status).toBe('successful');
  return tx?.id as number;
}

/** A successful card payment of `naira`, made by pressing Pay on the hosted checkout: its transaction id. */
async function paidByCard(naira: string): Promise<number> {
  const txRef = newTxRef('card');
  const fields = { public_key: keys.publicKey, tx_ref: txRef, amount: naira, customer_email: customer.email, action: 'pay' };
  const page = await fetch(`${sandbox.origin}/checkout`, { method: 'POST', body: new URLSearchParams(fields) });
  expect(page.status).toBe(200);
  const tx = await verifyByReference(txRef);
  expect(tx).toMatchObject({ status: 'successful', paymentType: 'card' });
  return tx?.id as number;
}

/** Waits until the sandbox has decided the refund and its webhook has arrived; answers the webhook. */
async function decidedHook(refund: ProviderRefund): Promise<ReceivedWebhook> {
  const [hook] = await until(() => refundHooksFor(refund).length > 0 && refundHooksFor(refund));
  return hook as ReceivedWebhook;
}

// ---------------------------------------------------------------------------------------------

describe('full and partial refunds', () => {
  it('refunds a whole payment: answered pending, then completed with one signed refund.completed that parses', async () => {
    const transactionId = await paidByBankTransfer('1500.50');
    const refund = await createRefund({ transactionId, amountMinor: 150_050, comments: 'Escrow cancelled' });
    expect(refund).toMatchObject({ transactionId, amountMinor: 150_050, status: 'pending' });
    expect(refund.flwRef).toMatch(/^URF_/);

    const hook = await decidedHook(refund);
    expect(hook.headers['verif-hash']).toBe(keys.webhookHash);
    expect(await isAuthenticWebhook(hook.headers)).toBe(true);
    const event = refundWebhookSchema.parse(hook.body);
    expect(refundFromWebhook(event)).toMatchObject({ id: refund.id, transactionId, amountMinor: 150_050, status: 'completed' });
    // The webhook is a hint: the refund read back says the same.
    expect(await getRefund(refund.id)).toMatchObject({ id: refund.id, transactionId, status: 'completed' });
    await pause(refundDecideMs);
    expect(refundHooksFor(refund)).toHaveLength(1);
  });

  it('takes partial refunds that add up to the payment, then refuses even one kobo more (400)', async () => {
    const transactionId = await paidByCard('1000');
    const first = await createRefund({ transactionId, amountMinor: 40_000 });
    const second = await createRefund({ transactionId, amountMinor: 60_000 });
    expect([first.amountMinor, second.amountMinor]).toEqual([40_000, 60_000]);

    const more = createRefund({ transactionId, amountMinor: 1 });
    await expect(more).rejects.toBeInstanceOf(RefundExceedsRemainingError);
    await expect(more).rejects.toMatchObject({ statusCode: 400, message: 'This transaction has already been fully refunded' });
    const refunded = sandbox.refunds().filter((r) => r.transactionId === transactionId);
    expect(refunded.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(100_000);
  });

  it('refuses a refund beyond what remains with a provider-like message, refunding nothing', async () => {
    const transactionId = await paidByBankTransfer('500');
    await createRefund({ transactionId, amountMinor: 20_000 });
    const count = sandbox.refunds().length;
    const beyond = createRefund({ transactionId, amountMinor: 30_001 });
    await expect(beyond).rejects.toBeInstanceOf(RefundExceedsRemainingError);
    await expect(beyond).rejects.toMatchObject({
      statusCode: 400,
      message: 'Refund amount NGN 300.01 exceeds the amount left to refund on this transaction (NGN 300.00)',
    });
    expect(sandbox.refunds()).toHaveLength(count);
    expect(await createRefund({ transactionId, amountMinor: 30_000 })).toMatchObject({ amountMinor: 30_000 });
  });

  it('refuses an unknown transaction and a body that is not JSON, refunding nothing', async () => {
    const unknown = createRefund({ transactionId: 999_999_999, amountMinor: 100 });
    await expect(unknown).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(unknown).rejects.toMatchObject({ statusCode: 400, message: 'No transaction was found for this id' });

    const transactionId = await paidByBankTransfer('10');
    const count = sandbox.refunds().length;
    const garbled = await fetch(`${sandbox.url}/transactions/${transactionId}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.secretKey}` },
      body: '{"amount": ',
    });
    expect(garbled.status).toBe(400);
    expect(sandbox.refunds()).toHaveLength(count);
  });
});

describe('reads', () => {
  it('GET /refunds/{id} reads one, GET /refunds lists them newest first, and an unknown id is null', async () => {
    const transactionId = await paidByBankTransfer('200');
    const refund = await createRefund({ transactionId, amountMinor: 5_000, comments: 'Part refund' });
    expect(await getRefund(refund.id)).toMatchObject({ id: refund.id, transactionId, amountMinor: 5_000 });
    expect(await getRefund(1)).toBeNull();

    const list = await fetch(`${sandbox.url}/refunds`, { headers: { authorization: `Bearer ${keys.secretKey}` } });
    const body = (await list.json()) as { meta: { page_info: { page_size: number } }; data: Array<Record<string, unknown>> };
    expect(body.meta.page_info.page_size).toBe(20);
    expect(body.data[0]).toMatchObject({
      id: refund.id,
      transaction_id: transactionId,
      amount_refunded: 50,
      comment: 'Part refund',
    });
  });
});

describe('faults', () => {
  it('failRefunds(true): the refund is accepted, is decided failed with its webhook, and its amount can be refunded again', async () => {
    const transactionId = await paidByBankTransfer('300');
    sandbox.failRefunds(true);
    const refund = await createRefund({ transactionId, amountMinor: 30_000 });
    expect(refund.status).toBe('pending');

    const event = refundWebhookSchema.parse((await decidedHook(refund)).body);
    expect(refundFromWebhook(event).status).toBe('failed');
    expect(await getRefund(refund.id)).toMatchObject({ status: 'failed' });

    sandbox.failRefunds(false);
    expect(await createRefund({ transactionId, amountMinor: 30_000 })).toMatchObject({ status: 'pending' });
  });

  it('failRefunds can be switched through POST /__faults too', async () => {
    const set = await fetch(`${sandbox.origin}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failRefunds: true }),
    });
    expect(await set.json()).toMatchObject({ failRefunds: true });
    const refund = await createRefund({ transactionId: await paidByBankTransfer('10'), amountMinor: 1_000 });
    expect(refundFromWebhook(refundWebhookSchema.parse((await decidedHook(refund)).body)).status).toBe('failed');
  });

  it('refuses a payment type marked non-refundable with RefundNotSupportedError, and still refunds other types', async () => {
    sandbox.setNonRefundablePaymentTypes(['bank_transfer']);
    const bank = await paidByBankTransfer('100');
    const refused = createRefund({ transactionId: bank, amountMinor: 10_000 });
    await expect(refused).rejects.toBeInstanceOf(RefundNotSupportedError);
    await expect(refused).rejects.toMatchObject({ transactionId: bank, statusCode: 400, retryable: false });
    expect(await findRefundsForTransaction(bank)).toEqual([]);

    const card = await paidByCard('100');
    expect(await createRefund({ transactionId: card, amountMinor: 10_000 })).toMatchObject({ status: 'pending' });
  });

  it('sends the refund webhook through the existing webhook faults (duplicates, drops)', async () => {
    sandbox.faults.webhookDuplicates = 1;
    const twice = await createRefund({ transactionId: await paidByBankTransfer('10'), amountMinor: 1_000 });
    await until(() => refundHooksFor(twice).length === 2);

    sandbox.faults.webhookDuplicates = 0;
    sandbox.faults.dropWebhooks = true;
    const dropped = await createRefund({ transactionId: await paidByBankTransfer('10'), amountMinor: 1_000 });
    await until(() => sandbox.refunds().find((r) => r.id === dropped.id)?.webhook.state === 'dropped');
    expect(refundHooksFor(dropped)).toHaveLength(0);
  });
});

describe('a lost reply', () => {
  it('findRefundsForTransaction finds the refund the provider made when its answer was lost, so nobody refunds twice', async () => {
    const transactionId = await paidByBankTransfer('750');
    sandbox.faults.refundCreateLostReplies = 1;
    const lost = createRefund({ transactionId, amountMinor: 75_000 });
    await expect(lost).rejects.toBeInstanceOf(ProviderUnavailableError);

    const found = await findRefundsForTransaction(transactionId);
    expect(found).toEqual([expect.objectContaining({ transactionId, amountMinor: 75_000 })]);
    expect(found[0]?.status).not.toBe('failed');
    // Asking blind again would be refused anyway: the payment is already fully refunded.
    await expect(createRefund({ transactionId, amountMinor: 75_000 })).rejects.toBeInstanceOf(RefundExceedsRemainingError);
    const hook = await decidedHook(found[0] as ProviderRefund);
    expect(hook.body.data.status).toBe('completed');
  });
});

describe('refunds across a restart', () => {
  it('keeps refunds in dataDir and decides a pending one after the sandbox restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flutterwave-refunds-'));
    const options = { ...keys, dataDir, webhookUrl: () => receiverUrl, log: () => undefined };
    try {
      // Slow enough that the refund is still pending when this sandbox stops.
      let stored = await startFlutterwaveSandbox({ ...options, refundDecideMs: 60_000 });
      const { transactionId, refund } = await withBaseUrl(stored.url, async () => {
        const id = await paidByBankTransfer('400', stored);
        return { transactionId: id, refund: await createRefund({ transactionId: id, amountMinor: 25_000 }) };
      });
      await stored.stop();
      expect(refundHooksFor(refund)).toHaveLength(0);

      stored = await startFlutterwaveSandbox({ ...options, refundDecideMs });
      try {
        await decidedHook(refund);
        await withBaseUrl(stored.url, async () => {
          expect(await getRefund(refund.id)).toMatchObject({ transactionId, amountMinor: 25_000, status: 'completed' });
          expect(await findRefundsForTransaction(transactionId)).toHaveLength(1);
          // What was refunded before the restart still counts against the payment.
          await expect(createRefund({ transactionId, amountMinor: 15_001 })).rejects.toBeInstanceOf(RefundExceedsRemainingError);
        });
      } finally {
        await stored.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// What a reconciliation reads of refunds: the wallet they come out of, and the list by Lagos day.

/** The Lagos date (WAT, UTC+1 all year) of an instant, worked out here apart from the sandbox's own. */
function lagosDate(iso: string): string {
  return new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

async function nairaMinor(): Promise<number> {
  return (await getBalance('NGN')).availableMinor;
}

/** Waits until no refund is pending: the balance then moves only with what a test does. */
async function refundsDecided(): Promise<void> {
  await until(() => sandbox.refunds().every((r) => r.status !== 'pending'));
}

describe('the wallet balance and refunds', () => {
  it('goes down by a refund as soon as it is asked for and stays down when it completes', async () => {
    await refundsDecided();
    const before = await nairaMinor();
    // ₦300 net of the provider's 1.4% fee (₦4.20) goes into the wallet.
    const transactionId = await paidByBankTransfer('300');
    expect(await nairaMinor()).toBe(before + 30_000 - 420);
    const refund = await createRefund({ transactionId, amountMinor: 12_550 });
    expect(await nairaMinor()).toBe(before + 30_000 - 420 - 12_550);
    expect(refundFromWebhook(refundWebhookSchema.parse((await decidedHook(refund)).body)).status).toBe('completed');
    expect(await nairaMinor()).toBe(before + 30_000 - 420 - 12_550);
  });

  it('gives a failed refund back', async () => {
    await refundsDecided();
    const transactionId = await paidByBankTransfer('100');
    const before = await nairaMinor();
    sandbox.failRefunds(true);
    const refund = await createRefund({ transactionId, amountMinor: 10_000 });
    expect(await nairaMinor()).toBe(before - 10_000);
    expect(refundFromWebhook(refundWebhookSchema.parse((await decidedHook(refund)).body)).status).toBe('failed');
    expect(await nairaMinor()).toBe(before);
  });
});

describe('the refund list by Lagos day', () => {
  it('lists a refund on its Lagos day, not the day before, with the currency its transaction was paid in', async () => {
    const transactionId = await paidByCard('250');
    const made = await createRefund({ transactionId, amountMinor: 2_500, comments: 'Listed' });
    const createdAt = sandbox.refunds().find((r) => r.id === made.id)?.createdAt ?? '';
    const day = lagosDate(createdAt);
    const before = dayBefore(day);

    const list = async (from: string, to: string) => {
      const response = await fetch(`${sandbox.url}/refunds?${new URLSearchParams({ from, to })}`, {
        headers: { authorization: `Bearer ${keys.secretKey}` },
      });
      return ((await response.json()) as { data: Array<{ id: number }> }).data.map((row) => row.id);
    };
    expect(await list(day, day)).toContain(made.id);
    expect(await list(before, before)).not.toContain(made.id);

    // The list's rows name no currency: the adapter asks verify once per refunded transaction.
    const asked = sandbox.apiCalls().length;
    const listed = await listRefunds({ from: day, to: day });
    expect(listed.find((r) => r.id === made.id)).toEqual({
      id: made.id,
      transactionId,
      amountMinor: 2_500,
      status: made.status,
      providerStatus: made.providerStatus,
      flwRef: made.flwRef,
      comments: 'Listed',
      currency: 'NGN',
      createdAt,
    });
    const verifies = sandbox
      .apiCalls()
      .slice(asked)
      .filter((call) => call.path.includes('/verify'));
    expect(verifies).toHaveLength(new Set(listed.map((r) => r.transactionId)).size);
    expect((await listRefunds({ from: before, to: before })).some((r) => r.id === made.id)).toBe(false);
    await expect(listRefunds({ from: day, to: before })).rejects.toBeInstanceOf(RangeError);
  });
});
