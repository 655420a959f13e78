import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TemplateView } from '../../lambdas/core/api/templates';
import { milestoneMessages } from '../../lambdas/core/domain/milestones';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, signedIn } from '../support/identity';
import { snapshotDiff, snapshotTable, withoutBackgroundItemsOrWorkflowTokens } from '../support/table';

/**
 * A contract's and a template's milestones as the seller writes them (issue 38), over HTTP against
 * the local cloud: 2 to 10, each a title, an amount and maybe a due date; the value is their sum;
 * each gets the id its milestone contract will have. Every refusal is a 400 with the words for it
 * and writes nothing. An edit replaces them; a template's go into each contract made from it (times
 * the quantity, with ids of their own); the buyer sees them before accepting.
 */
let cloud: LocalCloud;
interface Actor {
  token: string;
  sub: string;
}
let seller: Actor;
let buyer: Actor;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  seller = await signedIn(await confirmedUser(cloud, 'terms-seller'));
  buyer = await signedIn(await confirmedUser(cloud, 'terms-buyer'));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

async function call(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${actor.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const nextYear = `${new Date().getUTCFullYear() + 1}-03-15`;
const three = [
  { title: 'Wireframes', amount: '10000', dueDate: nextYear },
  { title: 'Build', amount: '25,000.50' },
  { title: 'Launch', amount: 4999.5, dueDate: null },
];
const terms = (extra: Record<string, unknown>) => ({
  acceptorId: buyer.sub,
  title: 'Online shop',
  description: 'A shop in three stages',
  currency: 'NGN',
  ...extra,
});
const contractOf = async (id: string) => (await call(seller, 'GET', `/contracts/${id}`)).body.contract as unknown as ContractView;

describe('a contract in milestones', () => {
  it('takes 2 to 10 milestones, numbers them, gives each its own id and makes the value their sum', async () => {
    const made = await call(seller, 'POST', '/create-contract', terms({ milestones: three }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const contract = await contractOf(String(made.body.id));
    expect(contract.value_minor).toBe(1_000_000 + 2_500_050 + 499_950);
    expect(contract.total_amount_minor).toBe(contract.value_minor);
    expect(
      contract.milestones?.map(({ number, title, amount_minor, due_date }) => [number, title, amount_minor, due_date]),
    ).toEqual([
      [1, 'Wireframes', 1_000_000, nextYear],
      [2, 'Build', 2_500_050, null],
      [3, 'Launch', 499_950, null],
    ]);
    const ids = contract.milestones?.map((m) => m.contract_id) ?? [];
    expect(new Set([...ids, contract.id]).size).toBe(4);
    // A value given with them must be their sum.
    const withSum = await call(seller, 'POST', '/create-contract', terms({ milestones: three, value: '40000' }));
    expect(withSum.status).toBe(201);
    // Ten is the most.
    const ten = Array.from({ length: 10 }, (_, i) => ({ title: `Part ${i + 1}`, amount: '100' }));
    expect((await call(seller, 'POST', '/create-contract', terms({ milestones: ten }))).status).toBe(201);
  });

  it('refuses one milestone, eleven, a zero amount, a blank title, a past or impossible due date and a value that is not their sum: 400 with the words, nothing written', async () => {
    const before = await snapshotTable(withoutBackgroundItemsOrWorkflowTokens);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ milestones: [three[0]] }, milestoneMessages.count],
      [{ milestones: Array.from({ length: 11 }, (_, i) => ({ title: `Part ${i}`, amount: '100' })) }, milestoneMessages.count],
      [{ milestones: [three[0], { title: 'Free', amount: '0' }] }, milestoneMessages.amount],
      [{ milestones: [three[0], { title: '  ', amount: '100' }] }, milestoneMessages.title],
      [{ milestones: [three[0], { title: 'Late', amount: '100', dueDate: '2020-01-01' }] }, milestoneMessages.dueDate],
      [
        { milestones: [three[0], { title: 'Odd', amount: '100', dueDate: `${new Date().getUTCFullYear() + 1}-02-30` }] },
        milestoneMessages.dueDate,
      ],
      [{ milestones: three, value: '40000.01' }, milestoneMessages.valueIsSum],
      [{ milestones: 'three' }, milestoneMessages.count],
    ];
    for (const [extra, error] of refusals) {
      const refused = await call(seller, 'POST', '/create-contract', terms(extra));
      expect(refused, JSON.stringify(extra)).toEqual({ status: 400, body: { error } });
    }
    expect(snapshotDiff(before, await snapshotTable(withoutBackgroundItemsOrWorkflowTokens))).toEqual([]);
  });

  it('shows the buyer the milestones before they accept', async () => {
    const made = await call(seller, 'POST', '/create-contract', terms({ milestones: three }));
    const offer = await call(buyer, 'POST', '/get-contract-for-acceptor', { contractId: made.body.id });
    expect(offer.status).toBe(200);
    expect(
      (offer.body.milestones as Array<{ title: string; amount_minor: number }>).map((m) => [m.title, m.amount_minor]),
    ).toEqual([
      ['Wireframes', 1_000_000],
      ['Build', 2_500_050],
      ['Launch', 499_950],
    ]);
  });

  it('an edit replaces the milestones (new ids), keeps them when left out (the value must still be their sum), and null makes it one delivery', async () => {
    const id = String((await call(seller, 'POST', '/create-contract', terms({ milestones: three }))).body.id);
    const first = await contractOf(id);
    const base = { title: 'Online shop', description: 'Two stages now', currency: 'NGN' };
    const replaced = await call(seller, 'PATCH', `/contracts/${id}`, {
      ...base,
      milestones: [
        { title: 'Design', amount: '5000' },
        { title: 'Build', amount: '15000' },
      ],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const second = await contractOf(id);
    expect(second.value_minor).toBe(2_000_000);
    expect(second.milestones?.map((m) => m.title)).toEqual(['Design', 'Build']);
    expect(second.milestones?.some((m) => first.milestones?.some((f) => f.contract_id === m.contract_id))).toBe(false);

    // Left out, they stay: a value that is not their sum is refused, their sum is taken.
    const wrong = await call(seller, 'PATCH', `/contracts/${id}`, { ...base, value: '19000' });
    expect(wrong).toEqual({ status: 400, body: { error: milestoneMessages.valueIsSum } });
    expect((await call(seller, 'PATCH', `/contracts/${id}`, { ...base, value: '20000' })).status).toBe(200);
    expect((await contractOf(id)).milestones).toEqual(second.milestones);

    const single = await call(seller, 'PATCH', `/contracts/${id}`, { ...base, value: '18000', milestones: null });
    expect(single.status).toBe(200);
    expect(await contractOf(id)).toMatchObject({ value_minor: 1_800_000, milestones: null });
  });
});

describe('a template in milestones', () => {
  it('keeps its milestones (base price their sum); each contract made from it gets them times the quantity, with ids of its own', async () => {
    const made = await call(seller, 'POST', '/templates', {
      title: 'Wedding film',
      description: 'Shoot, then edit',
      currency: 'NGN',
      milestones: [
        { title: 'Shoot', amount: '30000' },
        { title: 'Edit', amount: '20000' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const templateId = String(made.body.id);
    const template = (await call(seller, 'GET', `/templates/${templateId}`)).body.template as unknown as TemplateView;
    expect(template.base_price_minor).toBe(5_000_000);
    expect(template.milestones).toEqual([
      { title: 'Shoot', amount_minor: 3_000_000, due_date: null },
      { title: 'Edit', amount_minor: 2_000_000, due_date: null },
    ]);
    const shown = await call(buyer, 'POST', '/fetch-contract-template', { templateId });
    expect((shown.body.template as TemplateView).milestones).toEqual(template.milestones);

    const ids: string[] = [];
    for (const quantity of [1, 2]) {
      const instance = await call(buyer, 'POST', '/create-instance-from-template', { templateId, quantity });
      expect(instance.status, JSON.stringify(instance.body)).toBe(201);
      const contract = (await call(buyer, 'GET', `/contracts/${instance.body.newContractId ?? instance.body.contractId}`)).body
        .contract as unknown as ContractView;
      expect(contract.value_minor).toBe(5_000_000 * quantity);
      expect(contract.milestones?.map((m) => m.amount_minor)).toEqual([3_000_000 * quantity, 2_000_000 * quantity]);
      ids.push(...(contract.milestones ?? []).map((m) => m.contract_id));
    }
    expect(new Set(ids).size).toBe(4);

    // An edit that keeps them must keep the base price their sum; null makes it one delivery.
    const edit = { title: 'Wedding film', description: 'Shoot, then edit', currency: 'NGN' };
    expect(await call(seller, 'PATCH', `/templates/${templateId}`, { ...edit, base_price: '49000' })).toEqual({
      status: 400,
      body: { error: milestoneMessages.valueIsSum },
    });
    const single = await call(seller, 'PATCH', `/templates/${templateId}`, { ...edit, base_price: '45000', milestones: null });
    expect(single.status).toBe(200);
    expect((single.body.template as TemplateView).milestones ?? null).toBeNull();
  });
});
