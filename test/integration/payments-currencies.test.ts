import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { CardPaymentResponse } from '../../lambdas/core/api/payments';
import type { Currency } from '../../lambdas/core/domain/money';
import { listPaymentReferences } from '../../lambdas/core/entities/contract-payment';
import { paymentKey } from '../../lambdas/core/entities/payment';
import { listRefundLegs } from '../../lambdas/core/entities/refund';
import { getTransferAccount } from '../../lambdas/core/entities/transfer-account';
import type { SandboxApiCall } from '../../lib/local/flutterwave/index';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { confirmedUser, signedIn } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf, ledgerSummaryOf, sumOf } from '../support/ledger';
import { cardCheckout, providerRefundsOf } from '../support/sandbox-payer';

/**
 * Contracts in dollars, euros and pounds, paid into escrow against the local cloud and the
 * provider's sandbox: by card in the contract's own currency (the only way the provider charges
 * them), credited only for money confirmed in that currency, an excess refunded to the card in
 * it; bank transfer and OPay (naira only) refused before anything is recorded or asked.
 */
interface Actor {
  token: string;
  sub: string;
}

let cloud: LocalCloud;
let seller: Actor;
let buyer: Actor;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-payments-currencies-'));

beforeAll(async () => {
  cloud = await startLocalCloud({ dataDir });
  configureAmplify(cloud.config);
  seller = await signedIn(await confirmedUser(cloud, 'seller'));
  buyer = await signedIn(await confirmedUser(cloud, 'buyer'));
}, 120_000);

afterEach(async () => {
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T = Record<string, unknown>>(actor: Actor, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${actor.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** An accepted contract of `value` (a decimal string) in `currency`, waiting for money. */
async function activeContract(currency: Currency, value: string): Promise<string> {
  const made = await call<{ id: string }>(seller, '/create-contract', {
    acceptorId: buyer.sub,
    title: `Translation ${touched.size + 1}`,
    description: 'Forty pages',
    value,
    currency,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const { id } = made.body;
  touched.add(id);
  expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
  return id;
}

const contract = async (id: string) => (await call<{ contract: ContractView }>(seller, `/contracts/${id}`)).body.contract;

const paymentOf = async (txRef: string) =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: paymentKey(txRef), ConsistentRead: true })))
    .Item;

async function startCard(id: string): Promise<CardPaymentResponse> {
  const reply = await call<CardPaymentResponse>(buyer, '/start-card-payment', { contractId: id });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The v3 calls the sandbox received with the merchant's secret key for contract `id` (a reference names its contract). */
async function providerCallsFor(id: string): Promise<SandboxApiCall[]> {
  const response = await fetch(`${cloud.flutterwave.url}/__calls`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { calls: SandboxApiCall[] }).calls.filter((c) => c.txRef?.includes(`-${id}-`));
}

const buyerNotifications = async () =>
  (await call<{ notifications: Array<{ body: string }> }>(buyer, '/notifications')).body.notifications.map((n) => n.body);

describe('paying a contract in another currency than naira by card', () => {
  it('charges a USD contract in USD and credits it in USD: fully funded, its ledger in USD sums to zero', async () => {
    const id = await activeContract('USD', '250');
    const card = await startCard(id);
    expect(card).toMatchObject({ amount_minor: 25_000, currency: 'USD' });
    await cardCheckout(cloud, card.txRef, '250', 'pay', 'USD');
    await eventually(
      () => paymentOf(card.txRef),
      (p) => p?.status === 'credited',
    );
    expect(await contract(id)).toMatchObject({
      status: 'fully_funded',
      currency: 'USD',
      amount_paid_minor: 25_000,
      payer_user_ids: [buyer.sub],
    });
    expect((await call(buyer, '/get-payment-status', { txRef: card.txRef })).body).toMatchObject({
      status: 'successful',
      amount_minor: 25_000,
    });
    // Posted in the contract's own currency (no foreign leg), and balanced there.
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.currency).toBeUndefined();
    expect(sumOf(ledger.flatMap((e) => e.lines))).toBe(0);
    expect(await ledgerSummaryOf(id)).toMatchObject({ paid_in_minor: 25_000, held_minor: 25_000, suspense_minor: 0 });
    expect(cloud.flutterwave.transactions().filter((t) => t.txRef === card.txRef)).toMatchObject([
      { currency: 'USD', amountMinor: 25_000, status: 'successful' },
    ]);
    expect(await buyerNotifications()).toContainEqual(expect.stringContaining('Your payment of $250.00 for'));
  });

  for (const [currency, symbol] of [
    ['EUR', '€'],
    ['GBP', '£'],
  ] as const) {
    it(`charges a ${currency} contract in ${currency} and credits it in ${currency}`, async () => {
      const id = await activeContract(currency, '80.50');
      const card = await startCard(id);
      expect(card).toMatchObject({ amount_minor: 8_050, currency });
      await cardCheckout(cloud, card.txRef, '80.50', 'pay', currency);
      await eventually(
        () => paymentOf(card.txRef),
        (p) => p?.status === 'credited',
      );
      expect(await contract(id)).toMatchObject({ status: 'fully_funded', currency, amount_paid_minor: 8_050 });
      expect(await ledgerSummaryOf(id)).toMatchObject({ paid_in_minor: 8_050, held_minor: 8_050 });
      expect(await buyerNotifications()).toContainEqual(expect.stringContaining(`Your payment of ${symbol}80.50 for`));
    });
  }

  it('never credits a USD contract with naira of the same number: the naira go back in full, in naira', async () => {
    const id = await activeContract('USD', '300');
    const card = await startCard(id);
    // The same figure, charged in naira: 300 naira is not 300 dollars.
    await cardCheckout(cloud, card.txRef, '300', 'pay', 'NGN');
    await eventually(
      () => paymentOf(card.txRef),
      (p) => p?.status === 'refunding',
    );
    expect(await paymentOf(card.txRef)).toMatchObject({ amount_credited_minor: 0 });
    expect(await contract(id)).toMatchObject({ status: 'active', amount_paid_minor: 0, payer_user_ids: [] });
    const [leg, ...others] = await eventually(
      () => listRefundLegs(id),
      (legs) => legs[0]?.status === 'completed',
      15_000,
    );
    expect(others).toEqual([]);
    expect(leg).toMatchObject({ reason: 'wrong_currency', currency: 'NGN', amount_minor: 30_000, from: 'suspense' });
    expect(providerRefundsOf(cloud, card.txRef).map((r) => [r.amountMinor, r.currency, r.status])).toEqual([
      [30_000, 'NGN', 'completed'],
    ]);
    // The dollars' ledger is untouched; the naira are posted apart and all went back.
    expect(await ledgerSummaryOf(id)).toMatchObject({ paid_in_minor: 0, held_minor: 0 });
    expect(await ledgerSummaryOf(id, 'NGN')).toMatchObject({ paid_in_minor: 30_000, refunded_minor: 30_000, suspense_minor: 0 });
    expect(await buyerNotifications()).toContainEqual(expect.stringContaining('₦300.00 of your payment for "Translation'));
  });

  it('refunds an overpayment of a USD contract in USD, to the card: only what was due is held', async () => {
    const id = await activeContract('USD', '100');
    const card = await startCard(id);
    await cardCheckout(cloud, card.txRef, '120', 'pay', 'USD');
    await eventually(
      () => contract(id),
      (c) => c.status === 'fully_funded',
    );
    expect((await call(buyer, '/get-payment-status', { txRef: card.txRef })).body).toMatchObject({
      status: 'successful',
      amount_minor: 10_000,
      refunding_minor: 2_000,
    });
    const [leg, ...others] = await eventually(
      () => listRefundLegs(id),
      (legs) => legs[0]?.status === 'completed',
      15_000,
    );
    expect(others).toEqual([]);
    expect(leg).toMatchObject({ reason: 'excess', currency: 'USD', amount_minor: 2_000, from: 'suspense' });
    // Back through the card's own transaction, which was in dollars.
    expect(providerRefundsOf(cloud, card.txRef).map((r) => [r.amountMinor, r.currency, r.status])).toEqual([
      [2_000, 'USD', 'completed'],
    ]);
    expect(await contract(id)).toMatchObject({ amount_paid_minor: 10_000 });
    expect(await ledgerSummaryOf(id)).toMatchObject({
      paid_in_minor: 12_000,
      held_minor: 10_000,
      suspense_minor: 0,
      refund_pending_minor: 0,
      refunded_minor: 2_000,
    });
    expect(await buyerNotifications()).toContainEqual(expect.stringContaining('$20.00 of your payment for'));
  });
});

describe('bank transfer and OPay, naira only', () => {
  it('refuses both for a USD contract (409, naming the card) and records, counts and asks nothing', async () => {
    const id = await activeContract('USD', '90');
    const before = await contract(id);
    expect(await call(buyer, '/generate-transfer-account', { contractId: id })).toEqual({
      status: 409,
      body: { error: 'Bank transfer is only available for contracts in NGN (₦). Pay this USD contract by card.' },
    });
    expect(await call(buyer, '/initiate-opay-payment', { contractId: id })).toEqual({
      status: 409,
      body: { error: 'OPay is only available for contracts in NGN (₦). Pay this USD contract by card.' },
    });
    expect(await listPaymentReferences(id)).toEqual([]);
    expect(await getTransferAccount(id)).toBeUndefined();
    expect(await providerCallsFor(id)).toEqual([]);
    expect(await contract(id)).toEqual(before);
    // The card is still there for it: nothing was used up by the refusals.
    expect(await startCard(id)).toMatchObject({ amount_minor: 9_000, currency: 'USD' });
  });

  it('still takes both for a naira contract', async () => {
    const id = await activeContract('NGN', '4000');
    const account = await call(buyer, '/generate-transfer-account', { contractId: id });
    expect(account).toMatchObject({ status: 200, body: { currency: 'NGN', amount_minor: 400_000 } });
    expect((await call(buyer, '/initiate-opay-payment', { contractId: id })).status).toBe(200);
  });
});

it('agrees with the payment provider to the cent in every currency once every escrow here has settled (npm run reconcile)', async () => {
  const report = await expectReconciled();
  expect(report.balances.map((b) => b.currency)).toEqual(expect.arrayContaining(['NGN', 'USD', 'EUR', 'GBP']));
}, 60_000);
