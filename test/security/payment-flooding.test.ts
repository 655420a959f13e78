// Issue 25, item 1: one buyer flooding the payment routes. 60 `generate-transfer-account` calls in
// 2 s made 60 virtual accounts at the provider, 30 `initiate-opay-payment` made 30 OPay charges,
// and 60 `get-payment-status` polls of one payment made 60 verify calls: one person could use up
// the merchant key's rate limit for everyone. Provider calls are counted at the payment sandbox
// (`GET /__calls`), never with a mock.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { listPaymentReferences } from '../../lambdas/core/entities/contract-payment';
import { transferAccountKey } from '../../lambdas/core/entities/transfer-account';
import type { SandboxApiCall } from '../../lib/local/flutterwave/index';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { apiCaller, apiOrThrow } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerOf } from '../support/ledger';
import { ageProviderCheck, cardCheckout } from '../support/sandbox-payer';

let cloud: LocalCloud;
let seller: SignedInPerson;
const touched = new Set<string>();

const personLimitMessage = 'Too many payment attempts. Please try again later.';
const contractLimitMessage = 'Too many payment attempts for this contract. Please try again later.';

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'seller');
}, 120_000);

afterEach(async () => {
  cloud.flutterwave.faults.dropWebhooks = false;
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
});

const call = <T = Record<string, unknown>>(who: SignedInPerson, path: string, body: unknown) =>
  apiCaller(cloud)<T>(who, path, body);

/** `count` accepted NGN contracts of `naira` for `buyer`, waiting for money. */
async function activeContracts(buyer: SignedInPerson, count: number, naira = '2500'): Promise<string[]> {
  const ok = apiOrThrow(cloud);
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const { id } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
        acceptorId: buyer.sub,
        title: `Order ${n + 1}`,
        description: 'Printed, delivered Friday',
        value: naira,
        currency: 'NGN',
      });
      await ok(buyer, 'POST', '/accept-contract', { contractId: id });
      touched.add(id);
      return id;
    }),
  );
}

const activeContract = async (buyer: SignedInPerson, naira?: string) => (await activeContracts(buyer, 1, naira))[0] as string;

/** The v3 calls the sandbox received with the merchant's secret key, oldest first. */
async function providerCalls(): Promise<SandboxApiCall[]> {
  const response = await fetch(`${cloud.flutterwave.url}/__calls`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { calls: SandboxApiCall[] }).calls;
}

/** Charges of `type` made at the provider for the contracts `ids` (a reference names its contract). */
async function chargesFor(type: 'bank_transfer' | 'opay', ids: string[]): Promise<SandboxApiCall[]> {
  return (await providerCalls()).filter(
    (c) => c.path === '/v3/charges' && c.type === type && ids.some((id) => c.txRef?.includes(`-${id}-`)),
  );
}

async function verifyCallsOf(txRef: string): Promise<number> {
  return (await providerCalls()).filter((c) => c.path === '/v3/transactions/verify_by_reference' && c.txRef === txRef).length;
}

const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));

describe('one open transfer account per contract', () => {
  it('makes one provider transfer account for 60 concurrent generate-transfer-account calls of one contract', async () => {
    const buyer = await signedInPerson(cloud, 'account-flooder');
    const id = await activeContract(buyer);
    const answers = await times(60, () => call<TransferAccountResponse>(buyer, '/generate-transfer-account', { contractId: id }));
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const [first] = answers;
    // Every caller is shown the same account: number, amount, expiry and the payment it credits.
    for (const answer of answers) expect(answer.body).toEqual(first?.body);
    expect(await chargesFor('bank_transfer', [id])).toHaveLength(1);
    // Visiting again while it is open shows it again without asking the provider.
    expect((await call(buyer, '/generate-transfer-account', { contractId: id })).body).toEqual(first?.body);
    expect(await chargesFor('bank_transfer', [id])).toHaveLength(1);
    expect(await listPaymentReferences(id)).toEqual([first?.body.txRef]);
  });

  it('makes one new provider transfer account for 60 concurrent calls once the open one has expired', async () => {
    const buyer = await signedInPerson(cloud, 'expiry-flooder');
    const id = await activeContract(buyer);
    const old = await call<TransferAccountResponse>(buyer, '/generate-transfer-account', { contractId: id });
    expect(old.status).toBe(200);
    // The account's hour is over (set on the stored account, not waited for).
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: transferAccountKey(id),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    const answers = await times(60, () => call<TransferAccountResponse>(buyer, '/generate-transfer-account', { contractId: id }));
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const [fresh] = answers;
    for (const answer of answers) expect(answer.body).toEqual(fresh?.body);
    expect(fresh?.body.account_number).not.toBe(old.body.account_number);
    expect(Date.parse(fresh?.body.expires_at ?? '')).toBeGreaterThan(Date.now());
    expect(await chargesFor('bank_transfer', [id])).toHaveLength(2);
  });

  it("refuses a person's 31st new transfer account within the window (429)", async () => {
    const buyer = await signedInPerson(cloud, 'many-accounts');
    const ids = await activeContracts(buyer, 31);
    const answers = await Promise.all(
      ids.slice(0, 30).map((contractId) => call(buyer, '/generate-transfer-account', { contractId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(await call(buyer, '/generate-transfer-account', { contractId: ids[30] })).toEqual({
      status: 429,
      body: { error: personLimitMessage },
    });
    expect(await chargesFor('bank_transfer', ids)).toHaveLength(30);
    expect(await listPaymentReferences(ids[30] as string)).toEqual([]);
    // The accounts already made are still shown: the limit is on new ones.
    expect((await call(buyer, '/generate-transfer-account', { contractId: ids[0] })).status).toBe(200);
  });
});

describe('payment attempts per person and per contract', () => {
  it("refuses a person's 31st OPay initiation within the window (429)", async () => {
    const buyer = await signedInPerson(cloud, 'opay-flooder');
    const ids = await activeContracts(buyer, 4);
    // Ten on each of three contracts, all at once: concurrent attempts cannot slip past a limit.
    const answers = await Promise.all(
      ids
        .slice(0, 3)
        .flatMap((contractId) => Array.from({ length: 10 }, () => call(buyer, '/initiate-opay-payment', { contractId }))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(await call(buyer, '/initiate-opay-payment', { contractId: ids[3] })).toEqual({
      status: 429,
      body: { error: personLimitMessage },
    });
    expect(await chargesFor('opay', ids)).toHaveLength(30);
    expect(await listPaymentReferences(ids[3] as string)).toEqual([]);
  });

  it('refuses the 11th OPay initiation of one contract within the window (429), recording no payment for it', async () => {
    const buyer = await signedInPerson(cloud, 'opay-retrier');
    const id = await activeContract(buyer);
    const answers = await times(10, () => call(buyer, '/initiate-opay-payment', { contractId: id }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await call(buyer, '/initiate-opay-payment', { contractId: id })).toEqual({
      status: 429,
      body: { error: contractLimitMessage },
    });
    expect(await chargesFor('opay', [id])).toHaveLength(10);
    expect(await listPaymentReferences(id)).toHaveLength(10);
    // Another contract of the same buyer can still be paid.
    expect((await call(buyer, '/initiate-opay-payment', { contractId: await activeContract(buyer) })).status).toBe(200);
  });

  it('refuses the 11th card payment start of one contract within the window (429), recording no payment for it', async () => {
    const buyer = await signedInPerson(cloud, 'card-retrier');
    const id = await activeContract(buyer);
    const answers = await times(10, () => call(buyer, '/start-card-payment', { contractId: id }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.txRef)).size).toBe(10);
    expect(await call(buyer, '/start-card-payment', { contractId: id })).toEqual({
      status: 429,
      body: { error: contractLimitMessage },
    });
    expect(await listPaymentReferences(id)).toHaveLength(10);
  });
});

describe("a payment's status at the provider", () => {
  it('calls the provider at most twice for 60 status polls of one payment in 2 s, and never once it is credited', async () => {
    const buyer = await signedInPerson(cloud, 'poller');
    const id = await activeContract(buyer, '900');
    const card = await call<{ txRef: string }>(buyer, '/start-card-payment', { contractId: id });
    const { txRef } = card.body;
    const poll = () => call<{ status: string }>(buyer, '/get-payment-status', { txRef });

    const polls = await times(60, poll);
    expect(polls.map((p) => [p.status, p.body.status])).toEqual(Array(60).fill([200, 'pending']));
    const first = await verifyCallsOf(txRef);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(2);

    // The payer pays and the provider's webhook is lost: the poll is what credits it, once its
    // cached status is a few seconds old (aged on the stored check here, not waited for).
    cloud.flutterwave.faults.dropWebhooks = true;
    await cardCheckout(cloud, txRef, '900', 'pay');
    await ageProviderCheck(txRef);
    const again = await times(60, poll);
    expect(again.every((p) => p.status === 200 && ['pending', 'successful'].includes(p.body.status))).toBe(true);
    const second = await verifyCallsOf(txRef);
    expect(second - first).toBeGreaterThanOrEqual(1);
    expect(second - first).toBeLessThanOrEqual(2);
    await eventually(poll, (p) => p.body.status === 'successful');

    // Credited: its status is ours, final; 60 more polls never ask the provider.
    const beforeSettledPolls = await verifyCallsOf(txRef);
    const settled = await times(60, poll);
    expect(settled.map((p) => [p.status, p.body.status])).toEqual(Array(60).fill([200, 'successful']));
    expect(await verifyCallsOf(txRef)).toBe(beforeSettledPolls);
    expect(await ledgerOf(id)).toHaveLength(1);
    await expectReconciled();
  });
});
