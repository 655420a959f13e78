import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FlutterwaveSandbox, failingPayoutAccount, startFlutterwaveSandbox } from '../../lib/local/flutterwave/index';
import { noFaults } from '../../lib/local/flutterwave/webhooks';
import { close, listen, readBody } from '../../lib/local/http-util';

/**
 * The Flutterwave sandbox in other currencies than naira (issue 37), over HTTP as the provider
 * adapter reaches it: transfer rates, transfers debited from a USD, EUR or GBP wallet, and card
 * payments (and their refunds) in the currency the checkout named. A tiny server takes the webhooks.
 */

const keys = { secretKey: 'FLWSECK_TEST-fx-secret', publicKey: 'FLWPUBK_TEST-fx-public', webhookHash: 'fx-verif-hash' };
const decideMs = 60;

interface Hook {
  event: string;
  data: { id: number; tx_ref?: string; currency: string; amount: number; status: string };
}

let sandbox: FlutterwaveSandbox;
let receiver: Server;
let receiverUrl: string;
const hooks: Hook[] = [];
let refCount = 0;

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    hooks.push(JSON.parse((await readBody(req)).toString('utf8')));
    res.writeHead(200).end();
  });
  receiverUrl = `http://127.0.0.1:${await listen(receiver, 0)}/webhooks/flutterwave`;
  sandbox = await startFlutterwaveSandbox({
    ...keys,
    webhookUrl: () => receiverUrl,
    log: () => undefined,
    transferDecideMs: decideMs,
    refundDecideMs: decideMs,
  });
});

afterEach(() => {
  Object.assign(sandbox.faults, noFaults());
  for (const currency of ['NGN', 'USD', 'EUR', 'GBP']) sandbox.setBalanceMinor(currency, null);
});

afterAll(async () => {
  await sandbox?.stop();
  if (receiver) await close(receiver);
});

// ---------------------------------------------------------------------------------------------

interface V3Answer {
  status: string;
  message: string;
  data: unknown;
}

async function api(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; body: V3Answer }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${keys.secretKey}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as V3Answer };
}

function rates(query: Record<string, string>) {
  return api('GET', `/transfers/rates?${new URLSearchParams(query)}`);
}

/** A v3 refusal: 400 with the error envelope. */
function expectRefused(answer: { status: number; body: V3Answer }, message: string | RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ status: 'error', message: expect.stringMatching(message), data: null });
}

function newRef(label: string): string {
  refCount += 1;
  return `ESC-${label}-${Date.now()}-${refCount}`;
}

/** A transfer to a Nigerian test account that resolves (Access Bank 0690000032) unless told otherwise. */
function transfer(fields: Record<string, unknown>) {
  return api('POST', '/transfers', {
    account_bank: '044',
    account_number: '0690000032',
    narration: 'Escrow payout',
    reference: newRef('payout'),
    ...fields,
  });
}

async function until<T>(check: () => T | undefined | false, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function decided(id: number) {
  return until(() => sandbox.transfers().find((t) => t.id === id && (t.status === 'SUCCESSFUL' || t.status === 'FAILED')));
}

/** Pays on the hosted card checkout the way its form posts (the fields v3.js puts in its URL). */
async function payByCard(txRef: string, amount: string, currency: string): Promise<Response> {
  return fetch(`${sandbox.origin}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      public_key: keys.publicKey,
      tx_ref: txRef,
      amount,
      currency,
      customer_email: 'ada@example.com',
      action: 'pay',
    }).toString(),
  });
}

/** Every wallet's balance in minor units. */
function wallets(): { NGN: number; USD: number; EUR: number; GBP: number } {
  const of = (currency: string) => sandbox.balanceMinor(currency);
  return { NGN: of('NGN'), USD: of('USD'), EUR: of('EUR'), GBP: of('GBP') };
}

// ---------------------------------------------------------------------------------------------

describe('GET /v3/transfers/rates', () => {
  it('quotes what the USD wallet pays for an amount of naira at ₦1,500 a dollar, in v3’s shape', async () => {
    const answer = await rates({ amount: '15000', destination_currency: 'NGN', source_currency: 'USD' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      message: 'Transfer amount fetched',
      data: { rate: 1500, source: { currency: 'USD', amount: 10 }, destination: { currency: 'NGN', amount: 15000 } },
    });
  });

  it('quotes euros at ₦1,620 and pounds at ₦1,900', async () => {
    const eur = await rates({ amount: '16200', destination_currency: 'NGN', source_currency: 'EUR' });
    const gbp = await rates({ amount: '19000', destination_currency: 'NGN', source_currency: 'GBP' });
    expect(eur.body.data).toMatchObject({ rate: 1620, source: { currency: 'EUR', amount: 10 } });
    expect(gbp.body.data).toMatchObject({ rate: 1900, source: { currency: 'GBP', amount: 10 } });
  });

  it('rounds the source amount half up to the cent', async () => {
    // ₦7.50 is exactly half a cent at ₦1,500 a dollar: half up makes it a cent (half to even would make it nothing).
    const half = await rates({ amount: '7.5', destination_currency: 'NGN', source_currency: 'USD' });
    expect(half.body.data).toMatchObject({ source: { currency: 'USD', amount: 0.01 } });
    // ₦1,000 is 0.6666… dollars.
    const third = await rates({ amount: '1000', destination_currency: 'NGN', source_currency: 'USD' });
    expect(third.body.data).toMatchObject({ source: { currency: 'USD', amount: 0.67 } });
  });

  it('quotes the other way round, naira for dollars, with the rate as destination per source unit', async () => {
    const answer = await rates({ amount: '10', destination_currency: 'USD', source_currency: 'NGN' });
    expect(answer.body.data).toEqual({
      rate: 0.000666667,
      source: { currency: 'NGN', amount: 15000 },
      destination: { currency: 'USD', amount: 10 },
    });
  });

  it('quotes a currency for itself at 1', async () => {
    const answer = await rates({ amount: '250.5', destination_currency: 'GBP', source_currency: 'GBP' });
    expect(answer.body.data).toEqual({
      rate: 1,
      source: { currency: 'GBP', amount: 250.5 },
      destination: { currency: 'GBP', amount: 250.5 },
    });
  });

  it('refuses a pair it has no rate for (JPY, CAD)', async () => {
    expectRefused(await rates({ amount: '1000', destination_currency: 'NGN', source_currency: 'JPY' }), /JPY to NGN/);
    expectRefused(await rates({ amount: '10', destination_currency: 'CAD', source_currency: 'NGN' }), /NGN to CAD/);
  });

  it('refuses a missing or bad amount or currency', async () => {
    const pair = { destination_currency: 'NGN', source_currency: 'USD' };
    expectRefused(await rates(pair), 'amount is required');
    for (const amount of ['0', '-5', 'abc', '1.234', '1e3']) expectRefused(await rates({ ...pair, amount }), 'amount is invalid');
    expectRefused(await rates({ amount: '10', source_currency: 'USD' }), 'destination_currency is required');
    expectRefused(
      await rates({ amount: '10', destination_currency: 'NGN', source_currency: 'US' }),
      'source_currency is invalid',
    );
  });

  it('quotes at a rate a test moved with setNairaRate, and at the fixed one again once faults are reset', async () => {
    sandbox.setNairaRate('USD', 1485);
    const moved = await rates({ amount: '14850', destination_currency: 'NGN', source_currency: 'USD' });
    expect(moved.body.data).toMatchObject({ rate: 1485, source: { amount: 10 } });
    // Only the dollar moved.
    const euro = await rates({ amount: '16200', destination_currency: 'NGN', source_currency: 'EUR' });
    expect(euro.body.data).toMatchObject({ rate: 1620 });

    Object.assign(sandbox.faults, noFaults());
    const back = await rates({ amount: '15000', destination_currency: 'NGN', source_currency: 'USD' });
    expect(back.body.data).toMatchObject({ rate: 1500, source: { amount: 10 } });
  });

  it('takes a moved rate through POST /__faults too, and refuses one for a currency it has no rate for', async () => {
    const set = (body: object) =>
      fetch(`${sandbox.origin}/__faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await set({ nairaRates: { GBP: 2000 } })).status).toBe(200);
    const moved = await rates({ amount: '20000', destination_currency: 'NGN', source_currency: 'GBP' });
    expect(moved.body.data).toMatchObject({ rate: 2000, source: { amount: 10 } });

    expect((await set({ nairaRates: { JPY: 10 } })).status).toBe(400);
    expect((await set({ nairaRates: { USD: 0 } })).status).toBe(400);
    expect(sandbox.faults.nairaRates).toEqual({ GBP: 2000 });
  });

  it('answers 503 while the ratesDown fault is on (also through POST /__faults), the other calls going on, and quotes again once off', async () => {
    const quote = { amount: '15000', destination_currency: 'NGN', source_currency: 'USD' };
    const switched = await fetch(`${sandbox.origin}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ratesDown: true }),
    });
    expect(switched.status).toBe(200);
    expect(await rates(quote)).toEqual({
      status: 503,
      body: { status: 'error', message: 'Unable to fetch rates at the moment', data: null },
    });
    expect((await api('GET', '/balances/USD')).status).toBe(200);

    sandbox.faults.ratesDown = false;
    expect((await rates(quote)).body.data).toMatchObject({ rate: 1500, source: { amount: 10 } });
  });
});

describe('POST /v3/transfers from another wallet than naira', () => {
  it('pays naira from the USD wallet: the dollar wallet is debited the converted amount and the fee in dollars', async () => {
    const before = wallets();
    const answer = await transfer({ amount: 15000, currency: 'NGN', debit_currency: 'USD' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ currency: 'NGN', debit_currency: 'USD', amount: 15000, status: 'NEW' });
    // The naira fee of ₦15,000 (₦26.875) in dollars: 0.0179… -> $0.02.
    expect((answer.body.data as { fee: number }).fee).toBe(0.02);

    const id = (answer.body.data as { id: number }).id;
    expect(sandbox.transfers().find((t) => t.id === id)?.debitAmountMinor).toBe(1_000);
    expect(wallets()).toEqual({ ...before, USD: before.USD - 1_000 - 2 });
    expect((await decided(id)).status).toBe('SUCCESSFUL');
    expect(wallets()).toEqual({ ...before, USD: before.USD - 1_002 });
    const wallet = await api('GET', '/balances/USD');
    expect(wallet.body.data).toMatchObject({ currency: 'USD', available_balance: (before.USD - 1_002) / 100 });
  });

  it('pays naira from the EUR and GBP wallets at their rates', async () => {
    const before = wallets();
    await transfer({ amount: 16200, currency: 'NGN', debit_currency: 'EUR' });
    await transfer({ amount: 19000, currency: 'NGN', debit_currency: 'GBP' });
    // ₦26.875 is €0.0166 and £0.0141: a 2-cent and a 1-cent fee.
    expect(wallets()).toEqual({ ...before, EUR: before.EUR - 1_000 - 2, GBP: before.GBP - 1_000 - 1 });
  });

  it('converts at the rate of the moment the transfer is made', async () => {
    sandbox.setNairaRate('USD', 1200);
    const before = wallets();
    const answer = await transfer({ amount: 12000, currency: 'NGN', debit_currency: 'USD' });
    const id = (answer.body.data as { id: number }).id;
    expect(sandbox.transfers().find((t) => t.id === id)?.debitAmountMinor).toBe(1_000);
    expect(before.USD - sandbox.balanceMinor('USD')).toBe(1_000 + 2);
  });

  it('gives the converted amount and its fee back to the wallet when the transfer fails', async () => {
    const before = wallets();
    const answer = await transfer({
      amount: 15000,
      currency: 'NGN',
      debit_currency: 'USD',
      account_bank: failingPayoutAccount.bankCode,
      account_number: failingPayoutAccount.accountNumber,
    });
    expect((await decided((answer.body.data as { id: number }).id)).status).toBe('FAILED');
    expect(wallets()).toEqual(before);
  });

  it('pays dollars to a Nigerian domiciliary account from the USD wallet', async () => {
    const before = wallets();
    const answer = await transfer({ amount: 10, currency: 'USD', debit_currency: 'USD' });
    expect(answer.status).toBe(200);
    // The naira fee of the dollars' naira value (₦15,000: ₦26.875), in dollars.
    expect(answer.body.data).toMatchObject({ currency: 'USD', debit_currency: 'USD', amount: 10, fee: 0.02 });
    expect(wallets()).toEqual({ ...before, USD: before.USD - 1_000 - 2 });
  });

  it('queues one the debit wallet cannot cover, never debits it, and fails it for insufficient funds', async () => {
    sandbox.setBalanceMinor('USD', 1_001);
    const before = wallets();
    const answer = await transfer({ amount: 15000, currency: 'NGN', debit_currency: 'USD' });
    const done = await decided((answer.body.data as { id: number }).id);
    expect(done).toMatchObject({ status: 'FAILED', completeMessage: 'DISBURSE FAILED: Insufficient funds in customer wallet' });
    expect(wallets()).toEqual(before);
  });

  it('refuses what a Nigerian account cannot take or a wallet it has no rate for, and makes nothing', async () => {
    const made = sandbox.transfers().length;
    const before = wallets();
    expectRefused(
      await transfer({ amount: 10, currency: 'EUR', debit_currency: 'EUR' }),
      /^EUR transfers to Nigerian bank accounts/,
    );
    expectRefused(
      await transfer({ amount: 10, currency: 'GBP', debit_currency: 'USD' }),
      /^GBP transfers to Nigerian bank accounts/,
    );
    expectRefused(await transfer({ amount: 1000, currency: 'JPY', debit_currency: 'JPY' }), /^JPY transfers/);
    expectRefused(
      await transfer({ amount: 15000, currency: 'NGN', debit_currency: 'JPY' }),
      /^debit_currency JPY is not supported/,
    );
    expectRefused(
      await transfer({ amount: 15000, currency: 'NGN', debit_currency: 'CAD' }),
      /^debit_currency CAD is not supported/,
    );
    expect(sandbox.transfers()).toHaveLength(made);
    expect(wallets()).toEqual(before);
  });

  it('still pays naira from the naira wallet at v3’s naira fee', async () => {
    const before = wallets();
    const answer = await transfer({ amount: 15000, currency: 'NGN' });
    expect(answer.body.data).toMatchObject({ currency: 'NGN', debit_currency: 'NGN', fee: 26.875 });
    expect(wallets()).toEqual({ ...before, NGN: before.NGN - 1_500_000 - 2_688 });
  });
});

describe('card payments in another currency than naira', () => {
  it('charges, verifies and webhooks a USD card payment in dollars, into the USD wallet', async () => {
    const before = wallets();
    const txRef = newRef('usd-card');
    expect((await payByCard(txRef, '120.50', 'USD')).status).toBe(200);

    const verified = await api('GET', `/transactions/verify_by_reference?tx_ref=${txRef}`);
    expect(verified.body.data).toMatchObject({ tx_ref: txRef, status: 'successful', currency: 'USD', amount: 120.5 });
    const hook = await until(() => hooks.find((h) => h.event === 'charge.completed' && h.data.tx_ref === txRef));
    expect(hook.data).toMatchObject({ currency: 'USD', amount: 120.5, status: 'successful' });
    // The provider keeps 3.8% of a foreign-currency payment: $4.579 -> $4.58.
    expect(wallets()).toEqual({ ...before, USD: before.USD + 12_050 - 458 });
  });

  it('refunds a EUR card payment in euros, out of the EUR wallet', async () => {
    const txRef = newRef('eur-card');
    await payByCard(txRef, '80', 'EUR');
    const tx = sandbox.transactions().find((t) => t.txRef === txRef);
    if (!tx) throw new Error('no transaction');
    const before = wallets();
    const refund = await api('POST', `/transactions/${tx.id}/refund`, { amount: '30' });
    expect(refund.status).toBe(200);
    expect(sandbox.refunds().at(-1)).toMatchObject({ transactionId: tx.id, currency: 'EUR', amountMinor: 3_000 });
    expect(wallets()).toEqual({ ...before, EUR: before.EUR - 3_000 });
  });

  it('refuses the refund of a GBP payment the GBP wallet cannot cover, whatever the naira wallet holds', async () => {
    const txRef = newRef('gbp-card');
    await payByCard(txRef, '50', 'GBP');
    const tx = sandbox.transactions().find((t) => t.txRef === txRef);
    if (!tx) throw new Error('no transaction');
    sandbox.setBalanceMinor('GBP', 4_999);
    const made = sandbox.refunds().length;
    expectRefused(await api('POST', `/transactions/${tx.id}/refund`, {}), 'Insufficient funds in customer wallet');
    expect(sandbox.refunds()).toHaveLength(made);
  });

  it('refuses a bank-transfer or OPay charge in dollars: both are naira only', async () => {
    const charge = (type: string) =>
      api('POST', `/charges?type=${type}`, { tx_ref: newRef(type), amount: 100, currency: 'USD', email: 'ada@example.com' });
    expectRefused(await charge('bank_transfer'), 'Bank transfer is only available for NGN transactions');
    expectRefused(await charge('opay'), 'OPay is only available for NGN transactions');
  });
});
