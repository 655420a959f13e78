import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { toDecimalString } from '../../lambdas/core/domain/money';
import { type RouteDefinition, routes } from '../../lambdas/routes';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { acceptedContract, transferAccount } from '../support/funded-contract';
import { apiCaller, apiRequest } from '../support/http';
import { confirmedUser, signedIn } from '../support/identity';
import { expectBalancedLedgers, ledgerOf } from '../support/ledger';
import { sendFromBank } from '../support/sandbox-payer';

/**
 * The HTTP API's throttles, locally as in AWS: every public route has its own limits (the route
 * table's `throttle`, which CDK writes into the stage's route settings), so a flood of one is
 * refused at the API while the provider's webhook goes on crediting money; and when Lambda
 * throttles a function (`cloud.throttleFunction`), the API answers for it and the money waits for
 * the provider's redelivery instead of being lost.
 */

let cloud: LocalCloud;
let seller: { token: string; sub: string };
let buyer: { token: string; sub: string };
/** How many requests each route's function was given (the API's own refusals never reach one). */
const invocations = new Map<string, number>();
const touched = new Set<string>();
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  cloud = await startLocalCloud({
    schedules: { everyMs: 3_600_000 },
    observeApi: (route) => invocations.set(route.name, (invocations.get(route.name) ?? 0) + 1),
  });
  configureAmplify(cloud.config);
  call = apiCaller(cloud);
  seller = await signedIn(await confirmedUser(cloud, 'seller'));
  buyer = await signedIn(await confirmedUser(cloud, 'buyer'));
});

afterAll(async () => {
  await expectBalancedLedgers(touched);
  await cloud?.stop();
});

const routeNamed = (name: string) => routes.find((r) => r.name === name) as RouteDefinition;
const invoked = (name: string) => invocations.get(name) ?? 0;

/** An accepted NGN contract of the seller's for the buyer, with the one-off account the buyer pays into. */
async function contractAwaitingTransfer(): Promise<{ id: string; account: TransferAccountResponse }> {
  const terms = { title: 'Generator repair', description: 'Parts and labour', value: '42000' };
  const id = await acceptedContract(cloud, seller, buyer, terms, touched);
  return { id, account: await transferAccount(cloud, buyer, id) };
}

const contractOf = async (id: string) => (await call<{ contract: ContractView }>(buyer, `/contracts/${id}`)).body.contract;
const transactionOf = (txRef: string) => cloud.flutterwave.transactions().find((t) => t.txRef === txRef);

describe('a public route flooded past its own limit', () => {
  it('is answered 429 "Too Many Requests" by the API past its burst, while the provider’s webhook still credits a payment', async () => {
    const health = routeNamed('health');
    if (health.auth !== 'public') throw new Error('health is a public route');
    const { id, account } = await contractAwaitingTransfer();
    const before = invoked('health');

    // Eight clients send /health back to back (bounded: 3,000 requests or 20 s) until the webhook has credited.
    let credited = false;
    const answers: Array<{ status: number; json: unknown }> = [];
    const started = performance.now();
    const flood = async () => {
      while (!credited && answers.length < 3_000 && performance.now() - started < 20_000) {
        const { status, json } = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/health' });
        answers.push({ status, json });
      }
    };
    const flooding = Promise.all(Array.from({ length: 8 }, flood));
    try {
      await eventually(
        async () => answers.filter((a) => a.status === 429).length,
        (refused) => refused > 0,
      );
      expect(await sendFromBank(cloud, account.account_number, toDecimalString(account.amount_minor, 'NGN'))).toBe(200);
      await eventually(
        () => contractOf(id),
        (contract) => contract.status === 'fully_funded',
      );
    } finally {
      credited = true;
      await flooding;
    }
    const seconds = (performance.now() - started) / 1000;

    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.json).toEqual({ message: 'Too Many Requests' });
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200)).toBe(true);
    // The route's function ran no more than its bucket let through: the burst, then its rate.
    const ran = invoked('health') - before;
    expect(ran).toBe(answers.length - refused.length);
    expect(ran).toBeLessThanOrEqual(health.throttle.burstLimit + Math.ceil(health.throttle.rateLimit * seconds) + 1);

    // The webhook was answered by its function at the first delivery, in the middle of the flood.
    const delivery = await eventually(
      async () => transactionOf(account.txRef)?.webhook,
      (webhook) => webhook?.state !== 'sending',
    );
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await contractOf(id)).toMatchObject({ amount_paid_minor: account.amount_minor });
    expect(await ledgerOf(id)).toHaveLength(1);
  });
});

describe('a function Lambda throttles', () => {
  it('is answered 500 "Internal Server Error" by the API without running it, and the payment it refused is credited once on redelivery', async () => {
    const { id, account } = await contractAwaitingTransfer();
    const before = invoked('flutterwave-webhook');
    cloud.throttleFunction('route:flutterwave-webhook', true);
    try {
      expect(await sendFromBank(cloud, account.account_number, toDecimalString(account.amount_minor, 'NGN'))).toBe(200);
      const refusedDelivery = await eventually(
        async () => transactionOf(account.txRef)?.webhook,
        (webhook) => webhook?.state === 'failed',
      );
      expect(refusedDelivery?.lastError).toBe('the receiver answered 500');

      const direct = await apiRequest(cloud.apiUrl, {
        method: 'POST',
        path: '/flutterwave-webhook',
        headers: { 'verif-hash': cloud.flutterwave.webhookHash },
        body: { event: 'charge.completed', data: { id: transactionOf(account.txRef)?.id, tx_ref: account.txRef } },
      });
      expect({ status: direct.status, json: direct.json }).toEqual({ status: 500, json: { message: 'Internal Server Error' } });
      expect(invoked('flutterwave-webhook')).toBe(before);
      expect(await contractOf(id)).toMatchObject({ status: 'active', amount_paid_minor: 0 });
    } finally {
      cloud.throttleFunction('route:flutterwave-webhook', false);
    }

    // The provider sends it again (its resend-hook): now the function runs and credits it, once.
    const resend = await fetch(`${cloud.flutterwave.url}/v3/transactions/${transactionOf(account.txRef)?.id}/resend-hook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cloud.flutterwave.secretKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(resend.status).toBe(200);
    await eventually(
      () => contractOf(id),
      (contract) => contract.status === 'fully_funded',
    );
    // Counted once its function answered, which may be just after the credit it wrote is read.
    await eventually(
      async () => invoked('flutterwave-webhook'),
      (count) => count > before,
    );
    expect(await contractOf(id)).toMatchObject({ amount_paid_minor: account.amount_minor });
    expect(await ledgerOf(id)).toHaveLength(1);
  });
});
