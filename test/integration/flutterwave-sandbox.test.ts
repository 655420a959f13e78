import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { minorFromProvider } from '../../lambdas/core/adapters/flutterwave/amounts';
import { getBalance } from '../../lambdas/core/adapters/flutterwave/balances';
import { listBanks, resolveAccount } from '../../lambdas/core/adapters/flutterwave/banks';
import { chargeWebhookSchema, createBankTransferCharge, createOpayCharge } from '../../lambdas/core/adapters/flutterwave/charges';
import { ProviderRejectedError, ProviderUnavailableError, providerRequest } from '../../lambdas/core/adapters/flutterwave/client';
import { listTransactions, verifyByReference, verifyTransaction } from '../../lambdas/core/adapters/flutterwave/transactions';
import {
  createTransfer,
  DuplicateTransferReferenceError,
  findTransfersByReference,
  getTransfer,
  listTransferRetries,
  listTransfersSince,
  type ProviderTransfer,
  retryTransfer,
  transferWebhookSchema,
} from '../../lambdas/core/adapters/flutterwave/transfers';
import { isAuthenticWebhook, webhookEvent } from '../../lambdas/core/adapters/flutterwave/webhooks';
import {
  type FlutterwaveSandbox,
  failingPayoutAccount,
  type SandboxRefund,
  type SandboxTransaction,
  type SandboxTransfer,
  startFlutterwaveSandbox,
} from '../../lib/local/flutterwave/index';
import { noFaults } from '../../lib/local/flutterwave/webhooks';
import { close, listen, readBody } from '../../lib/local/http-util';

/**
 * The Flutterwave adapter against the local sandbox, over HTTP: the adapter is the code AWS runs,
 * the sandbox is what it talks to on a laptop. A tiny server stands in for the app's webhook route.
 */

const keys = {
  secretKey: 'FLWSECK_TEST-sandbox-secret',
  publicKey: 'FLWPUBK_TEST-sandbox-public',
  webhookHash: 'sandbox-verif-hash',
};
const customer = { email: 'ada@example.com', fullName: 'Ada Obi', phoneNumber: '08012345678' };
const appRedirect = 'http://127.0.0.1:5173/payment-verification?contractId=contract-1';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: {
    event: string;
    data: { id: number; tx_ref: string; reference?: string; amount: number; status: string; payment_type: string };
  };
}

/** How long the test sandbox takes to decide a payout (the local cloud's default is 1.5 s). */
const transferDecideMs = 80;

let sandbox: FlutterwaveSandbox;
let receiver: Server;
let receiverUrl: string;
let receiverStatus = 200;
const received: ReceivedWebhook[] = [];
const logs: string[] = [];
let refCount = 0;

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    received.push({ headers: req.headers, body: JSON.parse((await readBody(req)).toString('utf8')) });
    res.writeHead(receiverStatus).end();
  });
  receiverUrl = `http://127.0.0.1:${await listen(receiver, 0)}/webhooks/flutterwave`;
  sandbox = await startFlutterwaveSandbox({
    ...keys,
    webhookUrl: () => receiverUrl,
    log: (line) => logs.push(line),
    transferDecideMs,
  });
  // What the local cloud gives the functions; secrets are read (and cached) on first use, after this.
  process.env.FLUTTERWAVE_BASE_URL = sandbox.url;
  process.env.FLUTTERWAVE_SECRET_KEY = keys.secretKey;
  process.env.FLUTTERWAVE_WEBHOOK_HASH = keys.webhookHash;
});

afterEach(() => {
  Object.assign(sandbox.faults, noFaults());
  receiverStatus = 200;
  vi.restoreAllMocks();
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

function webhooksFor(txRef: string): ReceivedWebhook[] {
  return received.filter((w) => w.body.data.tx_ref === txRef);
}

function transferHooksFor(reference: string): ReceivedWebhook[] {
  return received.filter((w) => w.body.event === 'transfer.completed' && w.body.data.reference === reference);
}

/** Polls until `check` answers something truthy (webhooks arrive after the page answered). */
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

function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The page's form as a browser would submit it: its action and its hidden fields. */
function formIn(html: string, pageUrl: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      unescapeHtml(m[1] ?? ''),
      unescapeHtml(m[2] ?? ''),
    ]),
  );
  return { action: new URL(unescapeHtml(action), pageUrl).toString(), fields };
}

/** Runs the sandbox's v3.js as a page would and answers where FlutterwaveCheckout sent the browser. */
async function checkoutUrlFor(config: Record<string, unknown>): Promise<string> {
  const script = await (await fetch(sandbox.checkoutScriptUrl)).text();
  let target: string | undefined;
  const window: Record<string, unknown> = {
    location: {
      assign: (url: string) => {
        target = url;
      },
    },
  };
  vm.runInNewContext(script, { window, URLSearchParams });
  (window.FlutterwaveCheckout as (config: unknown) => void)(config);
  if (!target) throw new Error('FlutterwaveCheckout did not navigate');
  return target;
}

function cardCheckout(txRef: string, amount: number) {
  return {
    public_key: keys.publicKey,
    tx_ref: txRef,
    amount,
    currency: 'NGN',
    redirect_url: appRedirect,
    customer: { email: customer.email, name: customer.fullName },
    payment_options: 'card',
    customizations: { title: 'Escrow payment' },
  };
}

/** Opens the hosted checkout for a payment and presses one of its buttons. */
async function payByCard(txRef: string, amount: number, action: 'pay' | 'fail' | 'cancel') {
  const pageUrl = await checkoutUrlFor(cardCheckout(txRef, amount));
  const page = await fetch(pageUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  const form = formIn(html, pageUrl);
  const response = await postForm(form.action, { ...form.fields, action });
  return { html, response, location: new URL(response.headers.get('location') ?? 'about:blank') };
}

async function openBankCharge(amountMinor: number) {
  const txRef = newTxRef('bank');
  const account = await createBankTransferCharge({ txRef, amountMinor, currency: 'NGN', ...customer });
  return { txRef, account };
}

async function sendTransfer(accountNumber: string, amount: string): Promise<{ status: number; html: string }> {
  const response = await postForm(sandbox.bankUrl, { account_number: accountNumber, amount });
  return { status: response.status, html: await response.text() };
}

async function api(method: 'GET' | 'POST', path: string, body?: object, secretKey = keys.secretKey) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { status: string; message: string; data: unknown } };
}

// ---------------------------------------------------------------------------------------------

describe('bank transfer', () => {
  it('makes a one-off 10-digit account for the exact amount, open for an hour', async () => {
    const before = Date.now();
    const { account } = await openBankCharge(150_000);
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.bankName).toBe('Sandbox Bank');
    expect(account.amountMinor).toBe(150_000);
    expect(account.reference).not.toBe('');
    // The sandbox writes Lagos wall time to the second, as the live API does.
    const expires = Date.parse(account.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const other = await openBankCharge(150_000);
    expect(other.account.accountNumber).not.toBe(account.accountNumber);
  });

  it('credits a partial transfer sent from the bank page: the webhook carries that amount and verify confirms it in kobo', async () => {
    const { txRef, account } = await openBankCharge(150_000);
    const bank = await (await fetch(sandbox.bankUrl)).text();
    expect(bank).toContain(account.accountNumber);
    expect(bank).toContain(txRef);
    expect(bank).toContain('₦1,500.00');

    const sent = await sendTransfer(account.accountNumber, '600.50');
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('Transfer sent');
    expect(sent.html).toContain('₦600.50');
    expect(sent.html).toContain(txRef);

    const [webhook] = await until(() => webhooksFor(txRef).length > 0 && webhooksFor(txRef));
    expect(webhook?.headers['verif-hash']).toBe(keys.webhookHash);
    expect(await isAuthenticWebhook(webhook?.headers ?? {})).toBe(true);
    const event = chargeWebhookSchema.parse(webhook?.body);
    expect(event.data).toMatchObject({
      tx_ref: txRef,
      amount: 600.5,
      currency: 'NGN',
      status: 'successful',
      payment_type: 'bank_transfer',
    });
    expect(minorFromProvider(event.data.amount)).toBe(60_050);

    const expected = {
      id: event.data.id,
      txRef,
      status: 'successful',
      amountMinor: 60_050,
      chargedAmountMinor: 60_050,
      // 1.4% of ₦600.50 is ₦8.407: the sandbox keeps ₦8.41.
      appFeeMinor: 841,
      createdAt: sandbox.transactions().find((t) => t.id === event.data.id)?.createdAt,
      currency: 'NGN',
      paymentType: 'bank_transfer',
      customerEmail: customer.email,
    };
    expect(await verifyTransaction(event.data.id)).toEqual(expected);
    expect(await verifyTransaction(String(event.data.id))).toEqual(expected);
    expect(await verifyByReference(txRef)).toEqual(expected);
  });

  it('takes an overpayment as sent', async () => {
    const { txRef, account } = await openBankCharge(100_000);
    expect((await sendTransfer(account.accountNumber, '1,250')).status).toBe(200);
    expect(await verifyByReference(txRef)).toMatchObject({ status: 'successful', amountMinor: 125_000 });
  });

  it('refuses a second transfer to a paid account, an unknown account and an unreadable amount, sending nothing', async () => {
    const { txRef, account } = await openBankCharge(50_000);
    expect((await sendTransfer(account.accountNumber, '500')).status).toBe(200);
    const count = sandbox.transactions().length;

    const again = await sendTransfer(account.accountNumber, '500');
    expect(again.status).toBe(400);
    expect(again.html).toContain('has already received a transfer');
    const unknown = await sendTransfer('0123456789', '500');
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain('No account 0123456789 was found');
    const { account: open } = await openBankCharge(50_000);
    expect((await sendTransfer(open.accountNumber, '12.345')).status).toBe(400);
    expect((await sendTransfer(open.accountNumber, '0')).status).toBe(400);

    expect(sandbox.transactions()).toHaveLength(count);
    expect(webhooksFor(txRef).length).toBeLessThanOrEqual(1);
  });

  it('is refused for a currency other than naira and for a reference already used', async () => {
    const txRef = newTxRef('usd');
    const usd = createBankTransferCharge({ txRef, amountMinor: 10_000, currency: 'USD', ...customer });
    await expect(usd).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(usd).rejects.toMatchObject({ statusCode: 400, message: 'Bank transfer is only available for NGN transactions' });

    const { txRef: used } = await openBankCharge(10_000);
    await expect(
      createBankTransferCharge({ txRef: used, amountMinor: 10_000, currency: 'NGN', ...customer }),
    ).rejects.toMatchObject({
      name: 'ProviderRejectedError',
      statusCode: 400,
    });
  });
});

describe('card checkout (v3.js and the hosted page)', () => {
  it('v3.js takes the browser to the hosted checkout, which shows the amount and the merchant reference', async () => {
    const txRef = newTxRef('card');
    const pageUrl = await checkoutUrlFor(cardCheckout(txRef, 2500));
    expect(pageUrl.startsWith(`${sandbox.origin}/checkout?`)).toBe(true);
    const html = await (await fetch(pageUrl)).text();
    expect(html).toContain('₦2,500.00');
    expect(html).toContain(txRef);
    for (const button of ['Pay', 'Fail', 'Cancel']) expect(html).toContain(`>${button}</button>`);
  });

  it('refuses a wrong public key in the script and on the page', async () => {
    const config = { ...cardCheckout(newTxRef('card'), 2500), public_key: 'FLWPUBK_TEST-wrong' };
    await expect(checkoutUrlFor(config)).rejects.toThrow('Invalid public key passed');
    const page = await fetch(
      `${sandbox.origin}/checkout?${new URLSearchParams({ public_key: 'wrong', tx_ref: 'x', amount: '1' })}`,
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Invalid public key passed');
  });

  it('Pay makes a successful card transaction, returns the payer with its id and sends the webhook', async () => {
    const txRef = newTxRef('card');
    const { response, location } = await payByCard(txRef, 2500.75, 'pay');
    expect(response.status).toBe(303);
    expect(location.pathname).toBe('/payment-verification');
    expect(location.searchParams.get('contractId')).toBe('contract-1');
    expect(location.searchParams.get('status')).toBe('successful');
    expect(location.searchParams.get('tx_ref')).toBe(txRef);
    const transactionId = location.searchParams.get('transaction_id') ?? '';

    expect(await verifyTransaction(transactionId)).toEqual({
      id: Number(transactionId),
      txRef,
      status: 'successful',
      amountMinor: 250_075,
      chargedAmountMinor: 250_075,
      // 1.4% of ₦2,500.75 is ₦35.0105: ₦35.01.
      appFeeMinor: 3_501,
      createdAt: sandbox.transactions().find((t) => t.id === Number(transactionId))?.createdAt,
      currency: 'NGN',
      paymentType: 'card',
      customerEmail: customer.email,
    });
    const [webhook] = await until(() => webhooksFor(txRef).length > 0 && webhooksFor(txRef));
    expect(webhook?.body.data).toMatchObject({
      id: Number(transactionId),
      status: 'successful',
      payment_type: 'card',
      amount: 2500.75,
    });
  });

  it('Fail makes a failed transaction and returns the payer with status=failed', async () => {
    const txRef = newTxRef('card');
    const { location } = await payByCard(txRef, 900, 'fail');
    expect(location.searchParams.get('status')).toBe('failed');
    expect(location.searchParams.get('tx_ref')).toBe(txRef);
    expect(await verifyTransaction(location.searchParams.get('transaction_id') ?? '')).toMatchObject({ txRef, status: 'failed' });
    await until(() => webhooksFor(txRef).some((w) => w.body.data.status === 'failed'));
  });

  it('Cancel returns the payer with status=cancelled and makes no transaction', async () => {
    const txRef = newTxRef('card');
    const { response, location } = await payByCard(txRef, 900, 'cancel');
    expect(response.status).toBe(303);
    expect(location.searchParams.get('status')).toBe('cancelled');
    expect(location.searchParams.get('tx_ref')).toBe(txRef);
    expect(location.searchParams.has('transaction_id')).toBe(false);
    expect(sandbox.transactions().some((t) => t.txRef === txRef)).toBe(false);
    expect(await verifyByReference(txRef)).toBeNull();
  });

  it('refuses to take a second payment for a reference already paid', async () => {
    const txRef = newTxRef('card');
    await payByCard(txRef, 100, 'pay');
    const { response } = await payByCard(txRef, 100, 'pay');
    expect(response.status).toBe(409);
    expect(sandbox.transactions().filter((t) => t.txRef === txRef)).toHaveLength(1);
  });
});

describe('OPay', () => {
  async function opayCharge(amountMinor: number) {
    const txRef = newTxRef('opay');
    const { paymentLink } = await createOpayCharge({
      txRef,
      amountMinor,
      currency: 'NGN',
      ...customer,
      redirectUrl: appRedirect,
    });
    const html = await (await fetch(paymentLink)).text();
    return { txRef, paymentLink, html, form: formIn(html, paymentLink) };
  }

  it('answers a link to the wallet page; the charge is pending until the payer acts', async () => {
    const { txRef, paymentLink, html } = await opayCharge(300_000);
    expect(paymentLink.startsWith(`${sandbox.origin}/opay/`)).toBe(true);
    expect(html).toContain('₦3,000.00');
    expect(html).toContain(txRef);
    expect(await verifyByReference(txRef)).toMatchObject({ txRef, status: 'pending', paymentType: 'opay', amountMinor: 300_000 });
  });

  it('Pay decides the charge, returns the payer with the transaction id and sends the webhook', async () => {
    const { txRef, form } = await opayCharge(300_000);
    const pending = await verifyByReference(txRef);
    const response = await postForm(form.action, { ...form.fields, action: 'pay' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('status')).toBe('successful');
    expect(location.searchParams.get('tx_ref')).toBe(txRef);
    expect(location.searchParams.get('transaction_id')).toBe(String(pending?.id));
    expect(await verifyTransaction(pending?.id ?? 0)).toMatchObject({
      status: 'successful',
      paymentType: 'opay',
      amountMinor: 300_000,
    });
    await until(() => webhooksFor(txRef).some((w) => w.body.data.status === 'successful'));
    // The link is spent: the wallet page now only reports the outcome.
    expect((await postForm(form.action, { action: 'pay' })).status).toBe(409);
  });

  it('Fail returns status=failed; Cancel returns status=cancelled and leaves the charge pending', async () => {
    const failed = await opayCharge(10_000);
    const failure = await postForm(failed.form.action, { action: 'fail' });
    expect(new URL(failure.headers.get('location') ?? '').searchParams.get('status')).toBe('failed');
    expect(await verifyByReference(failed.txRef)).toMatchObject({ status: 'failed' });

    const cancelled = await opayCharge(10_000);
    const cancel = await postForm(cancelled.form.action, { action: 'cancel' });
    const location = new URL(cancel.headers.get('location') ?? '');
    expect(location.searchParams.get('status')).toBe('cancelled');
    expect(location.searchParams.has('transaction_id')).toBe(false);
    expect(await verifyByReference(cancelled.txRef)).toMatchObject({ status: 'pending' });
    await pause(100);
    expect(webhooksFor(cancelled.txRef)).toHaveLength(0);
  });
});

describe('verification', () => {
  it('answers null for a transaction the provider does not have', async () => {
    expect(await verifyTransaction(999_999_999)).toBeNull();
    expect(await verifyTransaction('not-a-number')).toBeNull();
    expect(await verifyByReference('ESC-never-made')).toBeNull();
  });

  it('throws ProviderUnavailableError while verify answers 500, then succeeds', async () => {
    const { txRef, account } = await openBankCharge(20_000);
    await sendTransfer(account.accountNumber, '200');
    sandbox.faults.verifyFailures = 2;
    await expect(verifyByReference(txRef)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(verifyByReference(txRef)).rejects.toMatchObject({ name: 'ProviderUnavailableError', retryable: true });
    expect(await verifyByReference(txRef)).toMatchObject({ status: 'successful', amountMinor: 20_000 });
  });

  it('gives up after its 10 s timeout when verify hangs (timeout shortened here)', async () => {
    const { txRef, account } = await openBankCharge(20_000);
    await sendTransfer(account.accountNumber, '200');
    expect(providerRequest.timeoutMs).toBe(10_000);
    providerRequest.timeoutMs = 100;
    sandbox.faults.verifyHangMs = 1_000;
    try {
      await expect(verifyByReference(txRef)).rejects.toMatchObject({
        name: 'ProviderUnavailableError',
        message: /timed out after 100 ms/,
      });
    } finally {
      providerRequest.timeoutMs = 10_000;
    }
  });

  it('answers a slow verify once it comes', async () => {
    const { txRef, account } = await openBankCharge(20_000);
    await sendTransfer(account.accountNumber, '200');
    sandbox.faults.verifyHangMs = 200;
    const started = Date.now();
    expect(await verifyByReference(txRef)).toMatchObject({ status: 'successful' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('throws ProviderRejectedError (401) when the secret key is wrong', async () => {
    const other = await startFlutterwaveSandbox({
      ...keys,
      secretKey: 'FLWSECK_TEST-another-account',
      webhookUrl: () => undefined,
    });
    try {
      const call = withBaseUrl(other.url, () => verifyByReference('ESC-anything'));
      await expect(call).rejects.toBeInstanceOf(ProviderRejectedError);
      await expect(call).rejects.toMatchObject({ statusCode: 401, message: 'Invalid authorization key', retryable: false });
    } finally {
      await other.stop();
    }
  });
});

describe('webhooks', () => {
  it('arrives N+1 times with N duplicates set through POST /__faults', async () => {
    const set = await fetch(`${sandbox.origin}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webhookDuplicates: 2 }),
    });
    expect(await set.json()).toMatchObject({ webhookDuplicates: 2 });
    const { txRef, account } = await openBankCharge(10_000);
    await sendTransfer(account.accountNumber, '100');
    await until(() => webhooksFor(txRef).length === 3);
    await pause(100);
    expect(webhooksFor(txRef)).toHaveLength(3);
    expect(new Set(webhooksFor(txRef).map((w) => w.body.data.id)).size).toBe(1);
  });

  it('refuses an unknown fault', async () => {
    const set = await fetch(`${sandbox.origin}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropWebhook: true }),
    });
    expect(set.status).toBe(400);
  });

  it('never arrives when dropped, and resend-hook delivers it later', async () => {
    sandbox.faults.dropWebhooks = true;
    const { txRef, account } = await openBankCharge(10_000);
    await sendTransfer(account.accountNumber, '100');
    await pause(150);
    expect(webhooksFor(txRef)).toHaveLength(0);
    const tx = sandbox.transactions().find((t) => t.txRef === txRef);
    expect(tx?.webhook.state).toBe('dropped');

    sandbox.faults.dropWebhooks = false;
    const resend = await api('POST', `/transactions/${tx?.id}/resend-hook`, { wait: 1 });
    expect(resend).toEqual({ status: 200, body: { status: 'success', message: 'hook sent successfully', data: 'hook sent' } });
    expect(webhooksFor(txRef)).toHaveLength(1);
    expect(webhooksFor(txRef)[0]?.headers['verif-hash']).toBe(keys.webhookHash);
  });

  it('resend-hook delivers a delivered webhook again, and refuses an unknown transaction', async () => {
    const { txRef, account } = await openBankCharge(10_000);
    await sendTransfer(account.accountNumber, '100');
    const [first] = await until(() => webhooksFor(txRef).length > 0 && webhooksFor(txRef));
    await api('POST', `/transactions/${first?.body.data.id}/resend-hook`);
    await until(() => webhooksFor(txRef).length === 2);
    expect((await api('POST', '/transactions/999999999/resend-hook')).status).toBe(400);
  });

  it('logs a delivery the receiver refuses and keeps it for resend', async () => {
    receiverStatus = 500;
    const { txRef, account } = await openBankCharge(10_000);
    await sendTransfer(account.accountNumber, '100');
    const failed = await until(() => sandbox.transactions().find((t) => t.txRef === txRef && t.webhook.state === 'failed'));
    expect(failed.webhook.lastError).toContain('500');
    expect(logs.some((line) => line.includes(txRef) && line.includes('not delivered'))).toBe(true);

    receiverStatus = 200;
    await api('POST', `/transactions/${failed.id}/resend-hook`, { wait: 1 });
    expect(sandbox.transactions().find((t) => t.id === failed.id)?.webhook.state).toBe('delivered');
  });

  it('never holds up the page: with a delay the payer is back before the webhook leaves', async () => {
    sandbox.faults.webhookDelayMs = 200;
    const txRef = newTxRef('card');
    const { response } = await payByCard(txRef, 100, 'pay');
    expect(response.status).toBe(303);
    expect(webhooksFor(txRef)).toHaveLength(0);
    await until(() => webhooksFor(txRef).length === 1);
  });
});

describe('banks and account names (the provider proxy reads)', () => {
  it('lists Nigerian banks including Access Bank 044', async () => {
    const { status, body } = await api('GET', '/banks/NG');
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data).toContainEqual(expect.objectContaining({ code: '044', name: 'Access Bank' }));
  });

  it('resolves the Access Bank test accounts and refuses others as v3 does', async () => {
    const known = await api('POST', '/accounts/resolve', { account_number: '0690000032', account_bank: '044' });
    expect(known.status).toBe(200);
    expect(known.body.data).toEqual({ account_number: '0690000032', account_name: expect.any(String) });
    for (const [account_number, account_bank] of [
      ['0690000042', '044'],
      ['0690000032', '058'],
    ]) {
      const unknown = await api('POST', '/accounts/resolve', { account_number, account_bank });
      expect(unknown).toEqual({
        status: 400,
        body: { status: 'error', message: 'Sorry, that account number is invalid, please check and try again', data: null },
      });
    }
  });

  it('requires the Bearer secret key', async () => {
    expect((await api('GET', '/banks/NG', undefined, 'wrong')).status).toBe(401);
    expect((await fetch(`${sandbox.url}/banks/NG`)).status).toBe(401);
  });
});

describe('persistence', () => {
  it('keeps charges and transactions in dataDir across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flutterwave-sandbox-'));
    try {
      let stored = await startFlutterwaveSandbox({ ...keys, dataDir, webhookUrl: () => undefined, log: () => undefined });
      const txRef = newTxRef('kept');
      const account = await withBaseUrl(stored.url, () =>
        createBankTransferCharge({ txRef, amountMinor: 70_000, currency: 'NGN', ...customer }),
      );
      await stored.stop();

      stored = await startFlutterwaveSandbox({ ...keys, dataDir, webhookUrl: () => undefined, log: () => undefined });
      try {
        expect((await postForm(stored.bankUrl, { account_number: account.accountNumber, amount: '700' })).status).toBe(200);
        expect(stored.transactions().find((t) => t.txRef === txRef)?.webhook.state).toBe('failed');
        const id = stored.transactions().find((t) => t.txRef === txRef)?.id ?? 0;
        await stored.stop();
        stored = await startFlutterwaveSandbox({ ...keys, dataDir, webhookUrl: () => undefined, log: () => undefined });
        expect(await withBaseUrl(stored.url, () => verifyTransaction(id))).toMatchObject({ txRef, amountMinor: 70_000 });
      } finally {
        await stored.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('transfers (payouts)', () => {
  const goodAccount = { bankCode: '044', accountNumber: '0690000033' };

  function payout(label: string, amountMinor = 150_050, account: { bankCode: string; accountNumber: string } = goodAccount) {
    return { reference: newTxRef(label), amountMinor, currency: 'NGN', narration: 'Escrow payout', ...account };
  }

  /** The transfer once it has been decided. */
  async function decided(id: number): Promise<ProviderTransfer | null> {
    await statusesUntilDecided(id);
    return getTransfer(id);
  }

  /** The distinct statuses GET /transfers/{id} answers, in the order seen, until one of `last`. */
  async function statusesUntil(id: number, ...last: string[]): Promise<string[]> {
    const seen: string[] = [];
    const deadline = Date.now() + 3_000;
    for (;;) {
      const status = (await getTransfer(id))?.status ?? 'missing';
      if (seen.at(-1) !== status) seen.push(status);
      if (last.includes(status)) return seen;
      if (Date.now() > deadline) throw new Error(`transfer ${id}: ${seen.join(' -> ')}, never ${last.join(' or ')}`);
      await pause(5);
    }
  }

  const statusesUntilDecided = (id: number) => statusesUntil(id, 'SUCCESSFUL', 'FAILED');

  async function pendingNow(id: number): Promise<void> {
    expect(await statusesUntil(id, 'PENDING')).toContain('PENDING');
  }

  async function setFaults(patch: object): Promise<Response> {
    return fetch(`${sandbox.origin}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(patch),
    });
  }

  it('queues a transfer (NEW), then decides it SUCCESSFUL and sends one signed transfer.completed webhook', async () => {
    const order = payout('payout');
    const before = new Date().toISOString();
    const queued = await createTransfer(order);
    expect(queued).toEqual({
      id: expect.any(Number),
      reference: order.reference,
      status: 'NEW',
      amountMinor: 150_050,
      currency: 'NGN',
      debitCurrency: 'NGN',
      accountNumber: '0690000033',
      bankCode: '044',
      completeMessage: '',
      // ₦10 + 7.5% VAT.
      feeMinor: 1_075,
      createdAt: expect.any(String),
    });
    expect(queued.createdAt >= before && queued.createdAt <= new Date().toISOString()).toBe(true);
    // Polled until it is decided, the statuses only move forward: NEW -> PENDING -> SUCCESSFUL (a slow
    // machine may miss the first two; holdTransfers below shows PENDING for certain).
    const seen = await statusesUntilDecided(queued.id);
    expect(seen.at(-1)).toBe('SUCCESSFUL');
    expect(seen).toEqual(['NEW', 'PENDING', 'SUCCESSFUL'].filter((status) => seen.includes(status)));

    const [webhook] = await until(() => transferHooksFor(order.reference).length > 0 && transferHooksFor(order.reference));
    expect(await isAuthenticWebhook(webhook?.headers ?? {})).toBe(true);
    expect(webhookEvent(webhook?.body)).toBe('transfer.completed');
    const event = transferWebhookSchema.parse(webhook?.body);
    expect(event['event.type']).toBe('Transfer');
    expect(event.data).toMatchObject({ id: queued.id, reference: order.reference, status: 'SUCCESSFUL', amount: 1500.5 });
    expect(minorFromProvider(event.data.amount)).toBe(150_050);
    // Every field v3 documents for the event, unknown to our schema but kept.
    expect(Object.keys(webhook?.body.data ?? {}).sort()).toEqual(
      [
        'id',
        'account_number',
        'bank_name',
        'bank_code',
        'fullname',
        'created_at',
        'currency',
        'debit_currency',
        'amount',
        'fee',
        'status',
        'reference',
        'meta',
        'narration',
        'approver',
        'complete_message',
        'requires_approval',
        'is_approved',
      ].sort(),
    );
    expect(event.data).toMatchObject({ fullname: 'Chinedu Eze', bank_name: 'Access Bank', fee: 10.75 });

    expect(await getTransfer(queued.id)).toEqual({
      ...queued,
      status: 'SUCCESSFUL',
      completeMessage: 'Transaction was successful',
    });
    await pause(transferDecideMs * 2);
    expect(transferHooksFor(order.reference)).toHaveLength(1);
  });

  it('answers the v3 shapes for create and fetch', async () => {
    const order = payout('payout-shape', 1_250_000);
    const created = await api('POST', '/transfers', {
      account_bank: order.bankCode,
      account_number: order.accountNumber,
      amount: 12500,
      currency: 'NGN',
      narration: order.narration,
      reference: order.reference,
      debit_currency: 'NGN',
    });
    expect(created).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: 'Transfer Queued Successfully',
        data: {
          id: expect.any(Number),
          account_number: order.accountNumber,
          bank_code: '044',
          full_name: 'Chinedu Eze',
          created_at: expect.any(String),
          currency: 'NGN',
          debit_currency: 'NGN',
          amount: 12500,
          // ₦25 for ₦5,000.01-₦50,000 plus 7.5% VAT: not a whole number of kobo.
          fee: 26.875,
          status: 'NEW',
          reference: order.reference,
          meta: null,
          narration: order.narration,
          complete_message: '',
          requires_approval: 0,
          is_approved: 1,
          bank_name: 'Access Bank',
        },
      },
    });
    const id = (created.body.data as { id: number }).id;
    const fetched = await api('GET', `/transfers/${id}`);
    expect(fetched.body).toMatchObject({
      status: 'success',
      message: 'Transfer fetched',
      data: { id, reference: order.reference },
    });
    expect(await api('GET', '/transfers/999999999')).toMatchObject({ status: 404, body: { status: 'error', data: null } });
    expect(await getTransfer(999_999_999)).toBeNull();
    expect(await getTransfer('not-a-number')).toBeNull();
  });

  it('refuses a reused reference with DuplicateTransferReferenceError and makes nothing', async () => {
    const order = payout('payout-dup');
    await createTransfer(order);
    const count = sandbox.transfers().length;
    const again = createTransfer({ ...order, amountMinor: 999_00 });
    await expect(again).rejects.toBeInstanceOf(DuplicateTransferReferenceError);
    await expect(again).rejects.toMatchObject({ reference: order.reference, statusCode: 400, retryable: false });
    expect(sandbox.transfers()).toHaveLength(count);
  });

  it('refuses an account that does not resolve and a currency a Nigerian account cannot take', async () => {
    const unknown = createTransfer(payout('payout-bad', 10_000, { bankCode: '044', accountNumber: '0690000042' }));
    await expect(unknown).rejects.toMatchObject({ name: 'ProviderRejectedError', statusCode: 400 });
    // v3 pays a Nigerian account naira, or dollars into a domiciliary account; euros go to SEPA accounts only.
    await expect(createTransfer({ ...payout('payout-eur'), currency: 'EUR' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('decides every transfer to the failing account FAILED, its retries too: each retry is a new attempt, its reference suffixed', async () => {
    const order = payout('payout-fail', 250_000, failingPayoutAccount);
    const first = await createTransfer(order);
    const failed = await decided(first.id);
    expect(failed).toMatchObject({ status: 'FAILED', completeMessage: expect.stringMatching(/^DISBURSE FAILED/) });
    await until(() => transferHooksFor(order.reference).some((w) => w.body.data.status === 'FAILED'));

    const second = await retryTransfer(first.id);
    expect(second).toMatchObject({ reference: `${order.reference}_PMCK_ST_FDU_1_RETRY_1`, status: 'NEW', amountMinor: 250_000 });
    expect(await listTransferRetries(first.id)).toEqual([second]);
    expect(second.id).not.toBe(first.id);
    // The failed attempt cannot be retried again while another attempt is open.
    await expect(retryTransfer(first.id)).rejects.toMatchObject({ name: 'ProviderRejectedError', statusCode: 400 });
    expect(await decided(second.id)).toMatchObject({ status: 'FAILED' });
    await until(() => transferHooksFor(second.reference).some((w) => w.body.data.id === second.id));

    expect((await findTransfersByReference(order.reference)).map((t) => [t.id, t.status])).toEqual([[first.id, 'FAILED']]);
    expect(
      sandbox
        .transfers()
        .filter((t) => t.reference.startsWith(order.reference))
        .map((t) => t.status),
    ).toEqual(['FAILED', 'FAILED']);
    await expect(retryTransfer(999_999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('finds the transfer of a reference across pages of the list (a retry carries its own reference), and nothing for an unknown one', async () => {
    const order = payout('payout-paged', 50_000, failingPayoutAccount);
    const first = await createTransfer(order);
    await decided(first.id);
    const second = await retryTransfer(first.id);
    expect(second.reference).toBe(`${order.reference}_PMCK_ST_FDU_1_RETRY_1`);
    // Newer transfers push both attempts past the first page (10 a page, newest first).
    for (let i = 0; i < 11; i++) await createTransfer(payout('payout-filler', 10_000));
    const page1 = await api('GET', '/transfers?page=1');
    expect(page1.body).toMatchObject({ status: 'success', meta: { page_info: { current_page: 1 } } });
    expect(page1.body.data).toHaveLength(10);
    expect((page1.body.data as Array<{ reference: string }>).some((t) => t.reference === order.reference)).toBe(false);

    expect((await findTransfersByReference(order.reference)).map((t) => t.id)).toEqual([first.id]);
    expect((await findTransfersByReference(second.reference)).map((t) => t.id)).toEqual([second.id]);
    expect(await findTransfersByReference('ESC-never-sent')).toEqual([]);

    const failedOnly = await api('GET', '/transfers?status=failed');
    expect((failedOnly.body.data as Array<{ status: string }>).every((t) => t.status === 'FAILED')).toBe(true);
    expect((await api('GET', '/transfers?status=lost')).status).toBe(400);
  });

  it('transferCreateFailures: answers 500 and makes nothing; the same reference can then be sent', async () => {
    sandbox.faults.transferCreateFailures = 1;
    const order = payout('payout-5xx');
    const count = sandbox.transfers().length;
    await expect(createTransfer(order)).rejects.toMatchObject({ name: 'ProviderUnavailableError', retryable: true });
    expect(sandbox.transfers()).toHaveLength(count);
    expect(await findTransfersByReference(order.reference)).toEqual([]);
    expect(await createTransfer(order)).toMatchObject({ reference: order.reference, status: 'NEW' });
  });

  it('transferCreateLostReplies: makes the transfer but answers 500; resending finds it instead of paying twice', async () => {
    const set = await setFaults({ transferCreateLostReplies: 1 });
    expect(await set.json()).toMatchObject({ transferCreateLostReplies: 1 });
    const order = payout('payout-lost');
    await expect(createTransfer(order)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(sandbox.transfers().filter((t) => t.reference === order.reference)).toHaveLength(1);

    await expect(createTransfer(order)).rejects.toBeInstanceOf(DuplicateTransferReferenceError);
    const [made] = await findTransfersByReference(order.reference);
    expect(made).toMatchObject({ reference: order.reference, amountMinor: 150_050 });
    expect(await decided(made?.id ?? 0)).toMatchObject({ status: 'SUCCESSFUL' });
    await until(() => transferHooksFor(order.reference).length === 1);
    expect(sandbox.transfers().filter((t) => t.reference === order.reference)).toHaveLength(1);
  });

  it('transferFailures: the next transfer is decided FAILED whatever the account, the one after succeeds', async () => {
    sandbox.faults.transferFailures = 1;
    const failing = await createTransfer(payout('payout-forced'));
    const fine = await createTransfer(payout('payout-after'));
    expect(await decided(failing.id)).toMatchObject({
      status: 'FAILED',
      completeMessage: expect.stringMatching(/^DISBURSE FAILED/),
    });
    expect(await decided(fine.id)).toMatchObject({ status: 'SUCCESSFUL' });
    expect(sandbox.faults.transferFailures).toBe(0);
    expect(await decided((await retryTransfer(failing.id)).id)).toMatchObject({ status: 'SUCCESSFUL' });
  });

  it('transferWebhookDrops: the transfer is decided but its webhook is not sent until resent', async () => {
    sandbox.faults.transferWebhookDrops = 1;
    const order = payout('payout-nohook');
    const transfer = await createTransfer(order);
    expect(await decided(transfer.id)).toMatchObject({ status: 'SUCCESSFUL' });
    await pause(transferDecideMs);
    expect(transferHooksFor(order.reference)).toHaveLength(0);
    expect(sandbox.transfers().find((t) => t.id === transfer.id)?.webhook.state).toBe('dropped');

    const resend = await fetch(`${sandbox.origin}/__transfers/${transfer.id}/resend-hook`, {
      method: 'POST',
      body: JSON.stringify({ wait: 1 }),
    });
    expect(await resend.json()).toEqual({ status: 'success', message: 'hook sent successfully', data: 'hook sent' });
    expect(transferHooksFor(order.reference)).toHaveLength(1);
    expect(transferHooksFor(order.reference)[0]?.headers['verif-hash']).toBe(keys.webhookHash);

    const next = payout('payout-hook-again');
    await createTransfer(next);
    await until(() => transferHooksFor(next.reference).length === 1);
  });

  it('holdTransfers: transfers stay PENDING with no webhook while held, and are decided once released', async () => {
    expect(await (await setFaults({ holdTransfers: true })).json()).toMatchObject({ holdTransfers: true });
    const order = payout('payout-held');
    const transfer = await createTransfer(order);
    await pendingNow(transfer.id);
    await pause(transferDecideMs * 3);
    expect(await getTransfer(transfer.id)).toMatchObject({ status: 'PENDING' });
    expect(transferHooksFor(order.reference)).toHaveLength(0);

    expect(await (await setFaults({ holdTransfers: false })).json()).toMatchObject({ holdTransfers: false });
    expect(await getTransfer(transfer.id)).toMatchObject({ status: 'SUCCESSFUL' });
    await until(() => transferHooksFor(order.reference).length === 1);

    // The same through the live faults object, as a test in the same process sets it.
    sandbox.faults.holdTransfers = true;
    const direct = await createTransfer(payout('payout-held-direct'));
    await pendingNow(direct.id);
    await pause(transferDecideMs * 2);
    expect(await getTransfer(direct.id)).toMatchObject({ status: 'PENDING' });
    sandbox.faults.holdTransfers = false;
    expect(await getTransfer(direct.id)).toMatchObject({ status: 'SUCCESSFUL' });
  });

  it('refuses to resend the webhook of a transfer not yet decided or that does not exist', async () => {
    sandbox.faults.holdTransfers = true;
    const transfer = await createTransfer(payout('payout-undecided'));
    expect((await fetch(`${sandbox.origin}/__transfers/${transfer.id}/resend-hook`, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${sandbox.origin}/__transfers/999999999/resend-hook`, { method: 'POST' })).status).toBe(404);
  });

  it('requires the Bearer secret key', async () => {
    expect((await api('POST', '/transfers', {}, 'wrong')).status).toBe(401);
    expect((await api('GET', '/transfers', undefined, 'wrong')).status).toBe(401);
  });
});

describe('banks and account names through the adapter', () => {
  it('lists each bank code once', async () => {
    const banks = await listBanks();
    expect(banks).toContainEqual({ code: '044', name: 'Access Bank' });
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });

  it('resolves a test account, answers null for one the provider cannot resolve', async () => {
    expect(await resolveAccount('0690000031', '044')).toBe('Adaeze Okafor');
    expect(await resolveAccount('0690000042', '044')).toBeNull();
    expect(await resolveAccount('0690000031', '058')).toBeNull();
  });

  it('throws instead of answering null when the key is refused or the provider is unreachable', async () => {
    const other = await startFlutterwaveSandbox({ ...keys, secretKey: 'FLWSECK_TEST-another', webhookUrl: () => undefined });
    try {
      await expect(withBaseUrl(other.url, () => resolveAccount('0690000031', '044'))).rejects.toMatchObject({
        name: 'ProviderRejectedError',
        statusCode: 401,
      });
    } finally {
      await other.stop();
    }
    // Nothing listens on port 1.
    await expect(withBaseUrl('http://127.0.0.1:1/v3', () => resolveAccount('0690000031', '044'))).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe('transfers across a restart', () => {
  it('keeps transfers in dataDir and decides a held one after the sandbox restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flutterwave-sandbox-'));
    const options = { ...keys, dataDir, webhookUrl: () => receiverUrl, log: () => undefined, transferDecideMs };
    try {
      let stored = await startFlutterwaveSandbox(options);
      const order = {
        reference: newTxRef('payout-kept'),
        amountMinor: 70_000,
        currency: 'NGN',
        narration: 'kept',
        bankCode: '044',
        accountNumber: '0690000035',
      };
      stored.faults.holdTransfers = true;
      const transfer = await withBaseUrl(stored.url, () => createTransfer(order));
      await until(() => stored.transfers()[0]?.status === 'PENDING');
      await pause(transferDecideMs * 2);
      expect(stored.transfers()).toEqual([expect.objectContaining({ id: transfer.id, status: 'PENDING' })]);
      await stored.stop();
      expect(transferHooksFor(order.reference)).toHaveLength(0);

      stored = await startFlutterwaveSandbox(options);
      try {
        await until(() => transferHooksFor(order.reference).length === 1);
        expect(await withBaseUrl(stored.url, () => getTransfer(transfer.id))).toMatchObject({ status: 'SUCCESSFUL' });
        // The reference is still taken after the restart.
        await expect(withBaseUrl(stored.url, () => createTransfer(order))).rejects.toBeInstanceOf(
          DuplicateTransferReferenceError,
        );
      } finally {
        await stored.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// What a reconciliation reads: the wallet balance, the transaction list by Lagos day, the transfers since an instant.

/** The Lagos date (WAT, UTC+1 all year) of an instant, worked out here apart from the sandbox's own. */
function lagosDate(iso: string): string {
  return new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Waits until no transfer is NEW or PENDING: the balance then moves only with what a test does. */
async function transfersDecided(): Promise<void> {
  await until(() => sandbox.transfers().every((t) => t.status === 'SUCCESSFUL' || t.status === 'FAILED'));
}

async function decidedStatus(id: number): Promise<string> {
  return until(() => {
    const status = sandbox.transfers().find((t) => t.id === id)?.status;
    return (status === 'SUCCESSFUL' || status === 'FAILED') && status;
  });
}

async function nairaMinor(): Promise<number> {
  const balance = await getBalance('NGN');
  expect(balance.ledgerMinor).toBe(balance.availableMinor);
  return balance.availableMinor;
}

describe('the wallet balance', () => {
  const payoutTo = (amountMinor: number, account: { bankCode: string; accountNumber: string }) => ({
    reference: newTxRef('balance-payout'),
    amountMinor,
    currency: 'NGN',
    narration: 'Escrow payout',
    ...account,
  });

  it('goes up by the amount less the app fee when a card payment succeeds, and not at all for a failed one', async () => {
    await transfersDecided();
    const before = await nairaMinor();
    await payByCard(newTxRef('balance-card'), 2500.75, 'pay');
    // ₦2,500.75 less 1.4% (₦35.0105, kept as ₦35.01).
    expect(await nairaMinor()).toBe(before + 250_075 - 3_501);
    await payByCard(newTxRef('balance-card-failed'), 900, 'fail');
    expect(await nairaMinor()).toBe(before + 250_075 - 3_501);
  });

  it('goes down by the amount and the fee (rounded half up) when a transfer is made, and stays down when it succeeds', async () => {
    await transfersDecided();
    const before = await nairaMinor();
    const transfer = await createTransfer(payoutTo(550_050, { bankCode: '044', accountNumber: '0690000033' }));
    // Over ₦5,000 the fee is ₦25 + 7.5% VAT = ₦26.875: debited as ₦26.88.
    expect(transfer.feeMinor).toBe(2_688);
    expect(await nairaMinor()).toBe(before - 550_050 - 2_688);
    expect(await decidedStatus(transfer.id)).toBe('SUCCESSFUL');
    expect(await nairaMinor()).toBe(before - 550_050 - 2_688);
  });

  it('gives a transfer back, fee included, when it FAILS (the failing account and the transferFailures fault)', async () => {
    await transfersDecided();
    const before = await nairaMinor();
    const declined = await createTransfer(payoutTo(250_000, failingPayoutAccount));
    expect(await nairaMinor()).toBe(before - 250_000 - 1_075);
    expect(await decidedStatus(declined.id)).toBe('FAILED');
    expect(await nairaMinor()).toBe(before);

    sandbox.faults.transferFailures = 1;
    const faulted = await createTransfer(payoutTo(600_000, { bankCode: '044', accountNumber: '0690000034' }));
    expect(await nairaMinor()).toBe(before - 600_000 - 2_688);
    expect(await decidedStatus(faulted.id)).toBe('FAILED');
    expect(await nairaMinor()).toBe(before);
  });

  it('answers v3 shapes in naira: one wallet, every wallet, 0 for a currency with no activity, 400 for a malformed code', async () => {
    await transfersDecided();
    const minor = sandbox.balanceMinor('NGN');
    const naira = minor / 100;
    expect(await api('GET', '/balances/NGN')).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: 'Wallet balance fetched',
        data: { currency: 'NGN', available_balance: naira, ledger_balance: naira },
      },
    });
    expect(await getBalance('ngn')).toEqual({ currency: 'NGN', availableMinor: minor, ledgerMinor: minor });
    // Every wallet with money: NGN, and the other currencies a card can be charged in, whose float it starts with.
    const all = await api('GET', '/balances');
    const major = (currency: string) => sandbox.balanceMinor(currency) / 100;
    expect(all.body.data).toEqual(
      ['NGN', 'EUR', 'GBP', 'USD'].map((currency) => ({
        currency,
        available_balance: major(currency),
        ledger_balance: major(currency),
      })),
    );
    expect((await api('GET', '/balances/XOF')).body.data).toEqual({ currency: 'XOF', available_balance: 0, ledger_balance: 0 });
    expect(await api('GET', '/balances/NAIRA')).toEqual({
      status: 400,
      body: { status: 'error', message: 'currency is invalid', data: null },
    });
    await expect(getBalance('NAIRA')).rejects.toBeInstanceOf(RangeError);
    expect((await api('GET', '/balances/NGN', undefined, 'wrong')).status).toBe(401);
  });
});

describe('the transaction list (live)', () => {
  it('lists a payment on its Lagos day, not the day before, with its fee and time', async () => {
    const txRef = newTxRef('listed');
    const { location } = await payByCard(txRef, 1200, 'pay');
    const id = Number(location.searchParams.get('transaction_id'));
    const createdAt = sandbox.transactions().find((t) => t.id === id)?.createdAt ?? '';
    const day = lagosDate(createdAt);

    const listed = await api('GET', `/transactions?${new URLSearchParams({ from: day, to: day, tx_ref: txRef })}`);
    expect(listed.body).toMatchObject({
      status: 'success',
      message: 'Transactions fetched',
      meta: { page_info: { total: 1, current_page: 1, total_pages: 1 } },
      data: [{ id, tx_ref: txRef, amount: 1200, app_fee: 16.8, status: 'successful', created_at: createdAt }],
    });
    const before = dayBefore(day);
    expect(
      (await api('GET', `/transactions?${new URLSearchParams({ from: before, to: before, tx_ref: txRef })}`)).body.data,
    ).toEqual([]);

    const read = (await listTransactions({ from: day, to: day })).find((tx) => tx.id === id);
    expect(read).toEqual({
      id,
      txRef,
      status: 'successful',
      amountMinor: 120_000,
      chargedAmountMinor: 120_000,
      appFeeMinor: 1_680,
      createdAt,
      currency: 'NGN',
      paymentType: 'card',
      customerEmail: customer.email,
    });
    expect((await listTransactions({ from: before, to: before })).some((tx) => tx.id === id)).toBe(false);
  });

  it('refuses a page or a day it cannot read (400), and a range the adapter cannot send (RangeError)', async () => {
    for (const query of ['page=0', 'page=x', 'from=2025-02-30', 'to=31-01-2025', 'from=2025-02-02&to=2025-02-01']) {
      expect((await api('GET', `/transactions?${query}`)).status).toBe(400);
    }
    await expect(listTransactions({ from: '2025-02-02', to: '2025-02-01' })).rejects.toBeInstanceOf(RangeError);
    await expect(listTransactions({ from: '2025-02-30', to: '2025-03-01' })).rejects.toBeInstanceOf(RangeError);
  });
});

/**
 * A sandbox started on a stored file whose movements were made at chosen instants, so days, pages
 * and the balance have exact answers. Lagos midnight is 23:00 UTC the day before.
 */
describe('a stored account (chosen days and amounts)', () => {
  let stored: FlutterwaveSandbox;
  let dataDir: string;
  const webhook = { state: 'delivered', attempts: 1 } as const;

  function transaction(id: number, createdAt: string, fields: Partial<SandboxTransaction> = {}): SandboxTransaction {
    return {
      id,
      txRef: `ESC-stored-${id}`,
      flwRef: `FLW-stored-${id}`,
      amountMinor: 1_000,
      chargedAmountMinor: 1_000,
      appFeeMinor: 14,
      currency: 'NGN',
      status: 'successful',
      paymentType: 'card',
      processorResponse: 'Approved',
      narration: 'stored',
      customer: { email: customer.email, name: customer.fullName, phoneNumber: null },
      createdAt,
      webhook,
      ...fields,
    };
  }

  function transfer(k: number, fields: Partial<SandboxTransfer> = {}): SandboxTransfer {
    return {
      id: 510_000 + k,
      reference: `ESC-stored-payout-${k}`,
      accountNumber: '0690000033',
      bankCode: '044',
      bankName: 'Access Bank',
      fullName: 'Chinedu Eze',
      amountMinor: 10_000,
      fee: 10.75,
      currency: 'NGN',
      debitCurrency: 'NGN',
      narration: 'stored',
      status: 'SUCCESSFUL',
      completeMessage: 'Transaction was successful',
      // Transfer k is made k minutes after 08:00 UTC on 3 February.
      createdAt: new Date(Date.parse('2025-02-03T08:00:00.000Z') + k * 60_000).toISOString(),
      webhook,
      ...fields,
    };
  }

  function refund(id: number, fields: Partial<SandboxRefund>): SandboxRefund {
    return {
      id,
      transactionId: 4_100_002,
      flwRef: `URF_stored_${id}`,
      amountMinor: 5_000,
      currency: 'NGN',
      comments: '',
      status: 'completed',
      createdAt: '2025-02-04T00:30:00.000Z',
      webhook,
      ...fields,
    };
  }

  const transactions = [
    // 23:59:59 in Lagos on 31 January, then Lagos midnight: 1 February.
    transaction(4_100_001, '2025-01-31T22:59:59.000Z', { amountMinor: 100_000, chargedAmountMinor: 100_000, appFeeMinor: 1_400 }),
    transaction(4_100_002, '2025-01-31T23:00:00.000Z', {
      amountMinor: 2_000_000,
      chargedAmountMinor: 2_000_000,
      appFeeMinor: 28_000,
    }),
    transaction(4_100_003, '2025-02-01T10:00:00.000Z', {
      currency: 'USD',
      amountMinor: 5_000,
      chargedAmountMinor: 5_000,
      appFeeMinor: 190,
    }),
    transaction(4_100_004, '2025-02-01T11:00:00.000Z', {
      status: 'failed',
      amountMinor: 50_000,
      chargedAmountMinor: 50_000,
      appFeeMinor: 0,
    }),
    // 22 payments on 2 February: three pages of 10.
    ...Array.from({ length: 22 }, (_, i) =>
      transaction(4_100_005 + i, new Date(Date.parse('2025-02-02T09:00:00.000Z') + i * 60_000).toISOString()),
    ),
  ];
  const transfers = Array.from({ length: 35 }, (_, i) => {
    const k = i + 1;
    if (k === 34) return transfer(k, { amountMinor: 600_000, fee: 26.875 });
    if (k === 35) return transfer(k, { status: 'FAILED', completeMessage: 'DISBURSE FAILED' });
    return transfer(k);
  });
  const refunds = [refund(7_300_001, {}), refund(7_300_002, { amountMinor: 7_000, status: 'failed' })];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'flutterwave-stored-'));
    const file = {
      nextTransactionId: 4_200_001,
      nextTransferId: 520_001,
      nextRefundId: 7_400_001,
      charges: [],
      transactions,
      transfers,
      refunds,
    };
    writeFileSync(join(dataDir, 'flutterwave.json'), JSON.stringify(file));
    stored = await startFlutterwaveSandbox({ ...keys, dataDir, webhookUrl: () => undefined, log: () => undefined });
  });

  afterAll(async () => {
    await stored?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function get(path: string) {
    const response = await fetch(`${stored.url}${path}`, { headers: { authorization: `Bearer ${keys.secretKey}` } });
    return (await response.json()) as { meta: { page_info: Record<string, number> }; data: Array<Record<string, unknown>> };
  }

  const ids = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.id);

  it('cuts days at Lagos midnight: 22:59:59 UTC is the day itself, 23:00 UTC the next', async () => {
    expect(ids((await get('/transactions?from=2025-01-31&to=2025-01-31')).data)).toEqual([4_100_001]);
    // Newest first.
    expect(ids((await get('/transactions?from=2025-02-01&to=2025-02-01')).data)).toEqual([4_100_004, 4_100_003, 4_100_002]);
    expect((await get('/transactions?from=2025-01-30&to=2025-01-30')).data).toEqual([]);
  });

  it('pages 10 transactions at a time, newest first, and filters by status, currency and tx_ref', async () => {
    const first = await get('/transactions?from=2025-02-02&to=2025-02-02');
    expect(first.meta.page_info).toEqual({ total: 22, current_page: 1, total_pages: 3 });
    expect(ids(first.data)).toEqual(Array.from({ length: 10 }, (_, i) => 4_100_026 - i));
    const last = await get('/transactions?from=2025-02-02&to=2025-02-02&page=3');
    expect(last.meta.page_info).toMatchObject({ current_page: 3, total_pages: 3 });
    expect(ids(last.data)).toEqual([4_100_006, 4_100_005]);
    expect((await get('/transactions?from=2025-02-02&to=2025-02-02&page=4')).data).toEqual([]);

    expect(ids((await get('/transactions?status=failed')).data)).toEqual([4_100_004]);
    expect(ids((await get('/transactions?currency=usd')).data)).toEqual([4_100_003]);
    expect(ids((await get('/transactions?tx_ref=ESC-stored-4100002')).data)).toEqual([4_100_002]);
    expect((await get('/transactions')).meta.page_info).toMatchObject({ total: 26, total_pages: 3 });
  });

  it('listTransactions reads every page of the range, each transaction once, oldest first', async () => {
    const listed = await withBaseUrl(stored.url, () => listTransactions({ from: '2025-02-01', to: '2025-02-02' }));
    expect(listed.map((tx) => tx.id)).toEqual(Array.from({ length: 25 }, (_, i) => 4_100_002 + i));
    expect(listed[0]).toMatchObject({ appFeeMinor: 28_000, createdAt: '2025-01-31T23:00:00.000Z', amountMinor: 2_000_000 });
    expect(listed[1]).toMatchObject({ currency: 'USD', appFeeMinor: 190 });
    const edge = await withBaseUrl(stored.url, () => listTransactions({ from: '2025-01-31', to: '2025-01-31' }));
    expect(edge.map((tx) => tx.id)).toEqual([4_100_001]);
  });

  it('answers the balance the payments, transfers (fees rounded half up) and refunds add up to, per currency', async () => {
    // NGN: 98,600 + 1,972,000 + 22 x 986 in; 33 x (10,000 + 1,075) and 600,000 + 2,688 out (the
    // FAILED transfer given back); the completed refund of 5,000 out (the failed one given back).
    const naira = 98_600 + 1_972_000 + 22 * 986 - 33 * 11_075 - 602_688 - 5_000;
    expect(naira).toBe(1_119_129);
    expect(stored.balanceMinor('NGN')).toBe(naira);
    expect(await withBaseUrl(stored.url, () => getBalance('NGN'))).toEqual({
      currency: 'NGN',
      availableMinor: naira,
      ledgerMinor: naira,
    });
    expect((await get('/balances')).data).toEqual([
      { currency: 'NGN', available_balance: 11_191.29, ledger_balance: 11_191.29 },
      { currency: 'USD', available_balance: 48.1, ledger_balance: 48.1 },
    ]);
  });

  it('listTransfersSince pages back only until a page holds nothing since then, and answers oldest first with fees', async () => {
    const asked = stored.apiCalls().length;
    const since = await withBaseUrl(stored.url, () => listTransfersSince('2025-02-03T08:30:00.000Z'));
    expect(since.map((t) => t.id)).toEqual([510_030, 510_031, 510_032, 510_033, 510_034, 510_035]);
    expect(since[0]).toMatchObject({ createdAt: '2025-02-03T08:30:00.000Z', feeMinor: 1_075, status: 'SUCCESSFUL' });
    expect(since[4]).toMatchObject({ amountMinor: 600_000, feeMinor: 2_688 });
    expect(since[5]).toMatchObject({ status: 'FAILED', completeMessage: 'DISBURSE FAILED' });
    // Of the 4 pages, the second (transfers 25 to 16) is all older: the third is never asked for.
    const pages = stored
      .apiCalls()
      .slice(asked)
      .filter((call) => call.method === 'GET' && call.path === '/v3/transfers');
    expect(pages).toHaveLength(2);

    expect((await withBaseUrl(stored.url, () => listTransfersSince('2025-02-04T00:00:00.000Z'))).map((t) => t.id)).toEqual([]);
    const all = await withBaseUrl(stored.url, () => listTransfersSince('2025-01-01T00:00:00.000Z'));
    expect(all).toHaveLength(35);
    await expect(listTransfersSince('yesterday')).rejects.toBeInstanceOf(RangeError);
  });

  it('lists refunds by Lagos day too', async () => {
    // 00:30 UTC on 4 February is 01:30 in Lagos, still 4 February.
    expect(ids((await get('/refunds?from=2025-02-04&to=2025-02-04')).data)).toEqual([7_300_002, 7_300_001]);
    expect((await get('/refunds?from=2025-02-03&to=2025-02-03')).data).toEqual([]);
  });
});
