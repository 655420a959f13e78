import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { toDecimalString } from '../../lambdas/core/domain/money';
import { contractKey } from '../../lambdas/core/entities/contract';
import { workflowTokenKey } from '../../lambdas/core/entities/workflow-token';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { confirmedUser, signedIn, type TestUser, waitForEmail } from '../support/identity';
import { expectBalancedLedgers, expectReconciled } from '../support/ledger';

/**
 * Delivery and inspection against the local cloud and the real state machine, with business time
 * compressed (ESCROW_TIME_SCALE 0.00005: a 1-day inspection window lasts about 4.3 s): the seller
 * marks a funded contract delivered, the buyer is told, reminded before the window ends, and
 * silence until its end counts as satisfaction. Every refusal changes nothing.
 */
interface Actor {
  token: string;
  sub: string;
  user: TestUser;
}

const timeScale = 0.00005;
let cloud: LocalCloud;
let seller: Actor;
let buyer: Actor;
let stranger: Actor;
const touched = new Set<string>();
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-delivery-'));

async function actor(name: string): Promise<Actor> {
  const user = await confirmedUser(cloud, name);
  return { ...(await signedIn(user)), user };
}

beforeAll(async () => {
  cloud = await startLocalCloud({ dataDir, timeScale });
  configureAmplify(cloud.config);
  seller = await actor('seller');
  buyer = await actor('buyer');
  stranger = await actor('stranger');
}, 120_000);

afterEach(async () => {
  await expectBalancedLedgers(touched);
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(who: Pick<Actor, 'token'>, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const contract = async (id: string) => ((await call(seller, `/contracts/${id}`)).body as { contract: ContractView }).contract;

const stored = async (key: Record<string, string>) =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: key, ConsistentRead: true }))).Item;

const notificationsOf = async (who: Actor) =>
  ((await call(who, '/notifications')).body as { notifications: Array<{ title: string; body: string }> }).notifications;

/** An accepted contract, paid `paid` of its `value` by bank transfer through the sandbox's bank. */
async function contractPaid(value: string, paid: string, inspectionDays = 1): Promise<string> {
  const terms = { title: `Handmade chair ${touched.size + 1}`, description: 'Oak, delivered to Lekki', value, inspectionDays };
  const { id } = await fundedContract(cloud, seller, buyer, terms, { paid, touched });
  await eventually(() => stored(workflowTokenKey(id, 'delivery')), Boolean);
  return id;
}

const deliver = (id: string, who: Actor = seller, note: unknown = 'Sent with GIG Logistics, waybill 7781') =>
  call(who, '/mark-delivered', { contractId: id, note });

describe('marking a contract delivered', () => {
  it('refuses anyone but the creator (403), a contract not fully funded (409) and a note of nothing or over 1,000 characters (400), changing nothing', async () => {
    const partly = await contractPaid('50000', '20000');
    const before = await stored(contractKey(partly));
    const notFunded = await deliver(partly);
    expect(notFunded.status).toBe(409);
    expect(notFunded.body.error).toBe(
      'This contract is currently "in_escrow" and cannot be marked delivered: it must be fully funded first.',
    );
    const full = await contractPaid('30000', toDecimalString(3_000_000, 'NGN'));
    const fullBefore = await stored(contractKey(full));
    for (const who of [buyer, stranger]) {
      const refused = await deliver(full, who);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    }
    for (const note of ['', '   ', 'x'.repeat(1_001), 42, null]) {
      const refused = await deliver(full, seller, note);
      expect(refused.status, JSON.stringify(note)).toBe(400);
      expect(typeof refused.body.error).toBe('string');
    }
    expect(await stored(contractKey(partly))).toEqual(before);
    expect(await stored(contractKey(full))).toEqual(fullBefore);
  });

  it('stores the note and the end of the inspection window, and tells the buyer by notification and email', async () => {
    const id = await contractPaid('42000', '42000', 3);
    const before = Date.now();
    const delivered = await deliver(id);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const view = (delivered.body as { contract: ContractView }).contract;
    expect(view).toMatchObject({
      status: 'delivered',
      delivery_note: 'Sent with GIG Logistics, waybill 7781',
      inspection_days: 3,
    });
    // 3 days at the test's time scale.
    const window = Date.parse(view.inspection_ends_at ?? '') - Date.parse(view.delivered_at ?? '');
    expect(window).toBe(Math.round(3 * 24 * 3600 * 1000 * timeScale));
    expect(Date.parse(view.delivered_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await notificationsOf(buyer)).some((n) => n.title === 'Contract delivered' && n.body.includes('waybill 7781'))).toBe(
      true,
    );
    await waitForEmail(cloud, buyer.user.email, new RegExp(`"${view.title}" was delivered`));
    // Delivering twice is refused: it is delivered already.
    expect((await deliver(id)).status).toBe(409);
  });
});

describe('the inspection window', () => {
  it('reminds the buyer, then counts silence until the window ends as satisfaction: both told, and the release may be requested', async () => {
    // 2 days: the reminder 24 h (about 4.3 s here) before the end.
    const id = await contractPaid('61000', '61000', 2);
    expect((await deliver(id)).status).toBe(200);
    const title = (await contract(id)).title;
    await eventually(
      () => notificationsOf(buyer),
      (list) => list.some((n) => n.title === 'Inspection ends soon' && n.body.includes(title)),
      10_000,
    );
    expect((await contract(id)).status).toBe('delivered');
    await waitForEmail(cloud, buyer.user.email, new RegExp(`"${title}": inspection ends soon`));
    const satisfied = await eventually(
      () => contract(id),
      (c) => c.status === 'payer_marked_satisfied',
      20_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(satisfied.inspection_ends_at ?? ''));
    expect((await notificationsOf(seller)).some((n) => n.title === 'Contract accepted' && n.body.includes(title))).toBe(true);
    expect((await notificationsOf(buyer)).some((n) => n.title === 'Inspection ended' && n.body.includes(title))).toBe(true);
    // The execution went on to wait for the seller's release request.
    await eventually(() => stored(workflowTokenKey(id, 'release')), Boolean);
  });

  it('lets the buyer accept within the window: satisfied at once, and the window’s end changes nothing after', async () => {
    const id = await contractPaid('18000', '18000', 1);
    expect((await deliver(id)).status).toBe(200);
    const marked = await call(buyer, '/mark-contract-completed', { contractId: id });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((marked.body as { contract: ContractView }).contract).toMatchObject({
      status: 'payer_marked_satisfied',
      marked_as_cc: buyer.sub,
    });
    await eventually(() => stored(workflowTokenKey(id, 'release')), Boolean);
    const after = await stored(contractKey(id));
    await eventually(
      async () => Date.now(),
      (now) => now > Date.parse(String(after?.inspection_ends_at)) + 1500,
      10_000,
    );
    expect(await stored(contractKey(id))).toEqual(after);
  });

  it('still lets the buyer accept before delivery, and then refuses the delivery (409)', async () => {
    const id = await contractPaid('9000', '9000');
    expect((await call(buyer, '/mark-contract-completed', { contractId: id })).status).toBe(200);
    expect((await deliver(id)).status).toBe(409);
    await eventually(() => stored(workflowTokenKey(id, 'release')), Boolean);
  });

  it('takes exactly one of a delivery and an early acceptance sent at once', async () => {
    const id = await contractPaid('7000', '7000');
    const [delivered, accepted] = await Promise.all([deliver(id), call(buyer, '/mark-contract-completed', { contractId: id })]);
    const statuses = [delivered.status, accepted.status];
    expect(statuses.filter((s) => s === 200).length, JSON.stringify([delivered.body, accepted.body])).toBeGreaterThanOrEqual(1);
    const final = await contract(id);
    if (delivered.status === 200 && accepted.status === 200) {
      // Delivery first, then acceptance within the window: both are moves the table allows, in that order.
      expect(final.status).toBe('payer_marked_satisfied');
      expect(final.delivered_at).not.toBeNull();
    } else {
      expect(statuses.sort()).toEqual([200, 409]);
      expect(final.status).toBe(delivered.status === 200 ? 'delivered' : 'payer_marked_satisfied');
    }
  });
});

it('agrees with the payment provider to the kobo once every escrow here has settled (npm run reconcile)', async () => {
  await expectReconciled();
}, 60_000);
