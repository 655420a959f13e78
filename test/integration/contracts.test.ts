import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidRequestMessage } from '../../lambdas/core/api/common';
import { type ContractForAcceptor, type ContractView, offeredTerms } from '../../lambdas/core/api/contracts';
import type { NotificationsResponse } from '../../lambdas/core/api/notifications';
import type { TemplateView } from '../../lambdas/core/api/templates';
import { deliveryMessages } from '../../lambdas/core/domain/delivery';
import { currencyNotAvailable } from '../../lambdas/core/domain/money';
import { throttles } from '../../lambdas/core/domain/throttle-rules';
import { contractKey } from '../../lambdas/core/entities/contract';
import { notificationItems } from '../../lambdas/core/entities/notification';
import { transactWrite } from '../../lambdas/core/entities/table';
import { templateKey } from '../../lambdas/core/entities/template';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, signedIn } from '../support/identity';

let cloud: LocalCloud;

interface Actor {
  token: string;
  sub: string;
}
let seller: Actor;
let buyer: Actor;
let stranger: Actor;
const anonymous: Actor = { token: '', sub: '' };

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  seller = await signedIn(await confirmedUser(cloud, 'seller'));
  buyer = await signedIn(await confirmedUser(cloud, 'buyer'));
  stranger = await signedIn(await confirmedUser(cloud, 'stranger'));
});

afterAll(async () => {
  await cloud?.stop();
});

async function call(actor: Actor, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (actor.token) headers.authorization = `Bearer ${actor.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newContract(overrides: Record<string, unknown> = {}) {
  const response = await call(seller, 'POST', '/create-contract', {
    acceptorId: buyer.sub,
    title: 'Logo design',
    description: 'Three logo concepts, two revisions',
    value: '15500.50',
    currency: 'NGN',
    ...overrides,
  });
  expect(response.status).toBe(201);
  return String(response.body.id);
}

async function notifications(actor: Actor) {
  return (await call(actor, 'GET', '/notifications')).body as unknown as NotificationsResponse;
}

describe('private contracts', () => {
  it('creates a pending contract in kobo and tells the acceptor', async () => {
    const before = (await notifications(buyer)).unread_count;
    const id = await newContract();
    const { body } = await call(seller, 'GET', `/contracts/${id}`);
    expect(body.contract).toMatchObject({
      id,
      creator_id: seller.sub,
      acceptor_id: buyer.sub,
      status: 'pending',
      value_minor: 1_550_050,
      total_amount_minor: 1_550_050,
      amount_paid_minor: 0,
      currency: 'NGN',
      accepted_by: [],
      payer_user_ids: [],
    });
    const inbox = await notifications(buyer);
    expect(inbox.unread_count).toBe(before + 1);
    expect(inbox.notifications[0]?.body).toContain(id);
  });

  it('defaults the currency to NGN', async () => {
    const id = await newContract({ currency: undefined });
    expect(((await call(seller, 'GET', `/contracts/${id}`)).body.contract as ContractView).currency).toBe('NGN');
  });

  it.each([
    [{ acceptorId: '' }, 'Please fill in all contract details, including the Acceptor ID.'],
    [{ title: '  ' }, 'Please fill in all contract details, including the Acceptor ID.'],
    [{ value: '0' }, 'Amount must be greater than zero.'],
    [{ value: '10.555' }, '"10.555" has 3 decimals: did you mean 10,555 or 10.55? An amount has at most two decimals (kobo).'],
    [{ value: '85k' }, '"85k" is short for 85,000: type the amount in full, 85,000.'],
    [
      { value: '85,50', currency: 'USD' },
      '"85,50" uses a comma before the cents: did you mean 85.50? Type a dot before the cents.',
    ],
    [
      { value: '10.555', currency: 'GBP' },
      '"10.555" has 3 decimals: did you mean 10,555 or 10.55? An amount has at most two decimals (pence).',
    ],
    [{ value: -5 }, 'Amount must be greater than zero.'],
    [{ value: 'abc' }, 'Amount must be a number, such as 85000 or 85,000.50.'],
    [{ currency: 'JPY' }, invalidRequestMessage],
  ])('refuses %j with 400 and its message alone, no field path', async (overrides, message) => {
    const response = await call(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'T',
      description: 'D',
      value: '10',
      currency: 'NGN',
      ...overrides,
    });
    expect(response).toEqual({ status: 400, body: { error: message } });
  });

  it('refuses an acceptor who is not a user (404) or the creator themself (400)', async () => {
    const unknown = await call(seller, 'POST', '/create-contract', {
      acceptorId: 'no-such-user',
      title: 'T',
      description: 'D',
      value: 1,
    });
    expect(unknown.status).toBe(404);
    const self = await call(seller, 'POST', '/create-contract', {
      acceptorId: seller.sub,
      title: 'T',
      description: 'D',
      value: 1,
    });
    expect(self.status).toBe(400);
  });

  it('shows anyone holding the ID only the spec’s fields, who the seller is and the inspection window', async () => {
    const id = await newContract({ inspectionDays: 6 });
    const { status, body } = await call(stranger, 'POST', '/get-contract-for-acceptor', { contractId: id });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'currency',
      'description',
      'id',
      'inspection_days',
      'is_seller',
      'payer_user_ids',
      'seller_name',
      'status',
      'title',
      'value_minor',
    ]);
    expect(body.seller_name).toBe('Test seller');
    expect(body.inspection_days).toBe(6);
    expect(body.is_seller).toBe(false);
    expect((await call(seller, 'POST', '/get-contract-for-acceptor', { contractId: id })).body.is_seller).toBe(true);
  });

  it('accepts as the named acceptor, records it once and tells the creator once', async () => {
    const id = await newContract();
    const before = (await notifications(seller)).unread_count;
    const first = await call(buyer, 'POST', '/accept-contract', { contractId: id });
    const second = await call(buyer, 'POST', '/accept-contract', { contractId: id });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.contract).toMatchObject({ status: 'active', accepted_by: [buyer.sub] });
    expect(second.body.contract).toMatchObject({ status: 'active', accepted_by: [buyer.sub] });
    expect(((await call(seller, 'GET', `/contracts/${id}`)).body.contract as ContractView).accepted_by).toEqual([buyer.sub]);
    expect((await notifications(seller)).unread_count).toBe(before + 1);
    const engaged = (await call(buyer, 'GET', '/engaged-contracts')).body.contracts as ContractView[];
    expect(engaged.map((c) => c.id)).toContain(id);
  });

  it('refuses acceptance with the spec’s texts', async () => {
    const id = await newContract();
    expect(await call(seller, 'POST', '/accept-contract', { contractId: id })).toEqual({
      status: 403,
      body: { error: 'You are not allowed to accept your own contract.' },
    });
    expect((await call(stranger, 'POST', '/accept-contract', { contractId: id })).status).toBe(403);
    expect(await call(buyer, 'POST', '/reject-contract', { contractId: id })).toMatchObject({ status: 200 });
    expect(await call(buyer, 'POST', '/accept-contract', { contractId: id })).toEqual({
      status: 409,
      body: { error: 'This contract is currently "cancelled" and cannot be accepted.' },
    });
    expect(await call(buyer, 'POST', '/accept-contract', { contractId: '01ZZZZZZZZZZZZZZZZZZZZZZZZ' })).toEqual({
      status: 404,
      body: { error: 'Contract not found.' },
    });
  });

  it('refuses a payer who has already paid', async () => {
    const id = await newContract();
    // Payments come with the payment issue; here the payer is recorded directly.
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: contractKey(id),
        UpdateExpression: 'SET payer_user_ids = :payers',
        ExpressionAttributeValues: { ':payers': [buyer.sub] },
      }),
    );
    expect(await call(buyer, 'POST', '/accept-contract', { contractId: id })).toEqual({
      status: 409,
      body: { error: 'You have already paid for this contract.' },
    });
  });

  it('lets the creator edit a pending contract, and refuses a currency escrow cannot carry yet (400)', async () => {
    const id = await newContract();
    const edit = { title: 'New title', description: 'New', value: 99.99, currency: 'NGN' };
    expect(await call(seller, 'PATCH', `/contracts/${id}`, { ...edit, currency: 'JPY' })).toEqual({
      status: 400,
      body: { error: currencyNotAvailable('JPY') },
    });
    const edited = await call(seller, 'PATCH', `/contracts/${id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body.contract).toMatchObject({
      title: 'New title',
      value_minor: 9999,
      total_amount_minor: 9999,
      currency: 'NGN',
    });
  });

  it('refuses bad edits with the spec’s texts', async () => {
    const id = await newContract();
    expect(
      (await call(seller, 'PATCH', `/contracts/${id}`, { title: '', description: 'x', value: 1, currency: 'NGN' })).body.error,
    ).toBe('Please ensure all fields are filled correctly.');
    expect(
      (await call(seller, 'PATCH', `/contracts/${id}`, { title: 'x', description: 'x', value: 0, currency: 'NGN' })).body.error,
    ).toBe('Amount must be greater than zero.');
  });

  it('refuses to edit or delete a contract that is no longer pending (409)', async () => {
    const id = await newContract();
    await call(buyer, 'POST', '/reject-contract', { contractId: id });
    expect(
      (await call(seller, 'PATCH', `/contracts/${id}`, { title: 'x', description: 'x', value: 1, currency: 'NGN' })).status,
    ).toBe(409);
    expect((await call(seller, 'DELETE', `/contracts/${id}`)).status).toBe(409);
  });

  it('accepts only the terms the buyer saw: changed by the seller since, the acceptance is refused (409) and changes nothing', async () => {
    const id = await newContract();
    const seen = (await call(buyer, 'POST', '/get-contract-for-acceptor', { contractId: id }))
      .body as unknown as ContractForAcceptor;
    const terms = offeredTerms(seen);
    expect(terms).toMatchObject({ value_minor: 1_550_050, milestones: null });
    const edited = await call(seller, 'PATCH', `/contracts/${id}`, {
      title: 'Logo design',
      description: 'Three logo concepts, two revisions',
      value: '25000',
      currency: 'NGN',
    });
    expect(edited.status).toBe(200);
    const before = (await notifications(seller)).unread_count;

    expect(await call(buyer, 'POST', '/accept-contract', { contractId: id, terms })).toEqual({
      status: 409,
      body: { error: 'The seller changed this contract after you opened it. Please review the new terms before accepting.' },
    });
    const { contract } = (await call(seller, 'GET', `/contracts/${id}`)).body as { contract: ContractView };
    expect(contract).toMatchObject({ status: 'pending', accepted_by: [], value_minor: 2_500_000 });
    expect((await notifications(seller)).unread_count).toBe(before);
    expect(((await call(buyer, 'GET', '/engaged-contracts')).body.contracts as ContractView[]).map((c) => c.id)).not.toContain(
      id,
    );

    // The terms as they are now are accepted.
    const now = offeredTerms(
      (await call(buyer, 'POST', '/get-contract-for-acceptor', { contractId: id })).body as unknown as ContractForAcceptor,
    );
    const accepted = await call(buyer, 'POST', '/accept-contract', { contractId: id, terms: now });
    expect(accepted.status).toBe(200);
    expect(accepted.body.contract).toMatchObject({ status: 'active', value_minor: 2_500_000, accepted_by: [buyer.sub] });
  });

  it('freezes the terms at acceptance: the creator can no longer change the value or delete it (409)', async () => {
    const id = await newContract();
    await call(buyer, 'POST', '/accept-contract', { contractId: id });
    expect(await call(seller, 'PATCH', `/contracts/${id}`, { title: 'x', description: 'x', value: 1, currency: 'NGN' })).toEqual({
      status: 409,
      body: { error: 'This contract is currently "active" and can no longer be changed.' },
    });
    expect((await call(seller, 'DELETE', `/contracts/${id}`)).status).toBe(409);
    const { contract } = (await call(seller, 'GET', `/contracts/${id}`)).body as { contract: ContractView };
    expect(contract).toMatchObject({ status: 'active', value_minor: 1_550_050 });
  });

  it('deletes a pending contract nobody accepted', async () => {
    const id = await newContract();
    expect((await call(seller, 'DELETE', `/contracts/${id}`)).status).toBe(200);
    expect((await call(seller, 'GET', `/contracts/${id}`)).status).toBe(404);
  });

  it('lists the creator’s own contracts, newest first', async () => {
    const first = await newContract({ title: 'First' });
    const second = await newContract({ title: 'Second' });
    const mine = (await call(seller, 'GET', '/contracts')).body.contracts as ContractView[];
    expect(mine.findIndex((c) => c.id === second)).toBeLessThan(mine.findIndex((c) => c.id === first));
    expect(mine.every((c) => c.creator_id === seller.sub)).toBe(true);
    expect((await call(stranger, 'GET', '/contracts')).body.contracts).toEqual([]);
  });
});

describe('templates', () => {
  async function newTemplate(price: string | number = '1500.50', overrides: Record<string, unknown> = {}) {
    const response = await call(seller, 'POST', '/templates', {
      title: 'T-shirt',
      description: 'Printed, per item',
      base_price: price,
      currency: 'NGN',
      ...overrides,
    });
    expect(response.status).toBe(201);
    return String(response.body.id);
  }

  it('creates, lists newest first, edits and deletes a template for its creator', async () => {
    const older = await newTemplate();
    const id = await newTemplate();
    const list = (await call(seller, 'GET', '/templates')).body.templates as TemplateView[];
    expect(list[0]?.id).toBe(id);
    expect(list.map((t) => t.id)).toContain(older);
    const edit = { title: 'Hoodie', description: 'Per item', base_price: '9000', currency: 'NGN' };
    expect(await call(seller, 'PATCH', `/templates/${id}`, { ...edit, currency: 'CAD' })).toEqual({
      status: 400,
      body: { error: currencyNotAvailable('CAD') },
    });
    const edited = await call(seller, 'PATCH', `/templates/${id}`, edit);
    expect(edited.body.template).toMatchObject({ title: 'Hoodie', base_price_minor: 900_000, currency: 'NGN' });
    expect((await call(seller, 'DELETE', `/templates/${id}`)).status).toBe(200);
    expect((await call(seller, 'GET', `/templates/${id}`)).status).toBe(404);
  });

  it.each([
    [{ title: '' }, 'Please fill in all fields.'],
    [{ base_price: '-1' }, 'Please enter a valid, positive number for the base price.'],
    [{ base_price: 'abc' }, 'Please enter a valid, positive number for the base price.'],
  ])('refuses %j with the spec’s text', async (overrides, message) => {
    const response = await call(seller, 'POST', '/templates', {
      title: 'T',
      description: 'D',
      base_price: '1',
      currency: 'NGN',
      ...overrides,
    });
    expect(response).toEqual({ status: 400, body: { error: message } });
  });

  it('lets anyone holding the ID fetch it, and answers an unknown ID with the spec’s text', async () => {
    const id = await newTemplate();
    const fetched = await call(stranger, 'POST', '/fetch-contract-template', { templateId: id });
    expect(fetched.body).toEqual({
      success: true,
      template: {
        id,
        title: 'T-shirt',
        description: 'Printed, per item',
        base_price_minor: 150_050,
        currency: 'NGN',
        inspection_days: 3,
      },
    });
    expect(await call(stranger, 'POST', '/fetch-contract-template', { templateId: 'nope' })).toEqual({
      status: 404,
      body: { error: 'Template not found. Please check the ID.' },
    });
  });

  // Every quantity from 1 to 50 is a unit test of instanceValue (escrow-contract.test.ts); over HTTP
  // a spread of them, under the limit of contracts one person may make from templates in an hour.
  it('makes a contract of base price x quantity for the caller, for quantities across 1 to 50', async () => {
    const id = await newTemplate('1500.50');
    for (const quantity of [1, 2, 3, 7, 13, 24, 37, 49, 50]) {
      const made = await call(buyer, 'POST', '/create-instance-from-template', { templateId: id, quantity });
      expect(made.status).toBe(201);
      const { contract } = (await call(buyer, 'GET', `/contracts/${made.body.newContractId}`)).body as { contract: ContractView };
      expect(contract).toMatchObject({
        value_minor: 150_050 * quantity,
        creator_id: seller.sub,
        acceptor_id: buyer.sub,
        accepted_by: [buyer.sub],
        status: 'active',
      });
    }
  });

  async function contractFrom(templateId: string): Promise<ContractView> {
    const made = await call(buyer, 'POST', '/create-instance-from-template', { templateId, quantity: 1 });
    expect(made.status).toBe(201);
    return ((await call(buyer, 'GET', `/contracts/${made.body.newContractId}`)).body as { contract: ContractView }).contract;
  }

  it('gives a contract made from a template the template’s inspection window (5 days), and 3 when it was made without one', async () => {
    const chosen = await newTemplate('100', { inspectionDays: 5 });
    expect((await call(seller, 'GET', `/templates/${chosen}`)).body.template).toMatchObject({ inspection_days: 5 });
    expect((await call(stranger, 'POST', '/fetch-contract-template', { templateId: chosen })).body.template).toMatchObject({
      inspection_days: 5,
    });
    expect((await contractFrom(chosen)).inspection_days).toBe(5);

    const unchosen = await newTemplate('100');
    expect((await call(seller, 'GET', `/templates/${unchosen}`)).body.template).toMatchObject({ inspection_days: 3 });
    expect((await contractFrom(unchosen)).inspection_days).toBe(3);
  });

  it.each([0, 15])('refuses an inspection window of %i days on create and on edit (400, the range text)', async (days) => {
    expect(
      await call(seller, 'POST', '/templates', {
        title: 'T',
        description: 'D',
        base_price: '1',
        currency: 'NGN',
        inspectionDays: days,
      }),
    ).toEqual({ status: 400, body: { error: deliveryMessages.inspectionDaysRange } });
    const id = await newTemplate('100', { inspectionDays: 4 });
    const edit = { title: 'T', description: 'D', base_price: '1', currency: 'NGN', inspectionDays: days };
    expect(await call(seller, 'PATCH', `/templates/${id}`, edit)).toEqual({
      status: 400,
      body: { error: deliveryMessages.inspectionDaysRange },
    });
    expect((await call(seller, 'GET', `/templates/${id}`)).body.template).toMatchObject({ inspection_days: 4 });
  });

  it('reads a template stored before templates carried a window as 3 days, and so do contracts made from it', async () => {
    const id = await newTemplate('100', { inspectionDays: 8 });
    await documents().send(
      new UpdateCommand({ TableName: localStage.tableName, Key: templateKey(id), UpdateExpression: 'REMOVE inspection_days' }),
    );
    expect((await call(seller, 'GET', `/templates/${id}`)).body.template).toMatchObject({ inspection_days: 3 });
    expect((await contractFrom(id)).inspection_days).toBe(3);
  });

  it('changes the window on an edit that names one, and keeps it on an edit that leaves it out', async () => {
    const id = await newTemplate('100', { inspectionDays: 6 });
    const edit = { title: 'Hoodie', description: 'Per item', base_price: '200', currency: 'NGN' };
    expect((await call(seller, 'PATCH', `/templates/${id}`, edit)).body.template).toMatchObject({
      title: 'Hoodie',
      inspection_days: 6,
    });
    expect((await call(seller, 'PATCH', `/templates/${id}`, { ...edit, inspectionDays: 10 })).body.template).toMatchObject({
      inspection_days: 10,
    });
    expect((await contractFrom(id)).inspection_days).toBe(10);
  });

  it('refuses a quantity that is not a whole number from 1 to 1,000,000 (400), making nothing and telling nobody', async () => {
    const id = await newTemplate('200');
    const engagedBefore = (await call(stranger, 'GET', '/engaged-contracts')).body;
    const unreadBefore = (await notifications(seller)).unread_count;
    const refused = { status: 400, body: { error: 'Quantity must be a whole number from 1 to 1,000,000.' } };
    for (const quantity of [0, -2, 2.5, 1_000_001, 'two', '2.5', '-2', '', null]) {
      expect(await call(stranger, 'POST', '/create-instance-from-template', { templateId: id, quantity })).toEqual(refused);
    }
    expect(await call(stranger, 'POST', '/create-instance-from-template', { templateId: id })).toEqual(refused);
    expect((await call(stranger, 'GET', '/engaged-contracts')).body).toEqual(engagedBefore);
    expect((await notifications(seller)).unread_count).toBe(unreadBefore);

    // Digits sent as text are the quantity they spell. The stranger, not the buyer: the seller is
    // told of only a few of one person's uses an hour (test/security/notification-flooding.test.ts),
    // and the buyer has used up theirs above.
    const made = await call(stranger, 'POST', '/create-instance-from-template', { templateId: id, quantity: '3' });
    expect(made.status).toBe(201);
    const { contract } = (await call(stranger, 'GET', `/contracts/${made.body.newContractId}`)).body as {
      contract: ContractView;
    };
    expect(contract.value_minor).toBe(60_000);
    expect((await notifications(seller)).unread_count).toBe(unreadBefore + 1);
  });
});

describe('notifications', () => {
  it('marks one read once; the unread count drops by one and never below zero', async () => {
    await newContract();
    const inbox = await notifications(buyer);
    const unread = inbox.notifications.find((n) => !n.read);
    expect(unread).toBeDefined();
    const first = await call(buyer, 'POST', `/notifications/${unread?.id}/read`);
    const again = await call(buyer, 'POST', `/notifications/${unread?.id}/read`);
    expect(first.body.unread_count).toBe(inbox.unread_count - 1);
    expect(again.body.unread_count).toBe(inbox.unread_count - 1);
    expect((await notifications(buyer)).notifications.find((n) => n.id === unread?.id)?.read).toBe(true);
  });

  it('lists at most the 10 newest', async () => {
    // Written as every step writes them: eleven contracts from one seller would tell the buyer of
    // only a few an hour (test/security/notification-flooding.test.ts).
    for (let i = 0; i < 11; i++) {
      await transactWrite(notificationItems(buyer.sub, 'Contract delivered', `Bulk ${i}`, new Date().toISOString()));
    }
    const { notifications: list } = await notifications(buyer);
    expect(list).toHaveLength(10);
    expect(list[0]?.body).toContain('Bulk 10');
  });
});

describe('accept and reject together', () => {
  it('keeps an accepted contract active with its acceptor when it is rejected afterwards (409 "cannot be rejected")', async () => {
    const id = await newContract();
    expect((await call(buyer, 'POST', '/accept-contract', { contractId: id })).status).toBe(200);
    expect(await call(buyer, 'POST', '/reject-contract', { contractId: id })).toEqual({
      status: 409,
      body: { error: 'This contract is currently "active" and cannot be rejected.' },
    });
    const { contract } = (await call(seller, 'GET', `/contracts/${id}`)).body as { contract: ContractView };
    expect(contract).toMatchObject({ status: 'active', accepted_by: [buyer.sub], rejected_by: [] });
  });

  it('lets exactly one of an accept and a reject sent at once win: never a cancelled contract with an acceptor', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newContract({ title: `Race ${round}` });
      const replies = await Promise.all([
        call(buyer, 'POST', '/accept-contract', { contractId: id }),
        call(buyer, 'POST', '/reject-contract', { contractId: id }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const { contract } = (await call(seller, 'GET', `/contracts/${id}`)).body as { contract: ContractView };
      const engaged = JSON.stringify((await call(buyer, 'GET', '/engaged-contracts')).body).includes(id);
      if (contract.status === 'cancelled') {
        expect(contract.accepted_by).toEqual([]);
        expect(engaged).toBe(false);
      } else {
        expect(contract).toMatchObject({ status: 'active', accepted_by: [buyer.sub], rejected_by: [] });
        expect(engaged).toBe(true);
      }
    }
  });
});

describe('limits', () => {
  it('refuses a contract above 1,000,000,000.00 with the cap message, and creates nothing', async () => {
    const before = (await call(seller, 'GET', '/contracts')).body;
    const response = await call(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Too big',
      description: 'Above the cap',
      value: '1000000000.01',
      currency: 'NGN',
    });
    expect(response).toEqual({ status: 400, body: { error: 'Amount must not be more than 1,000,000,000.00.' } });
    expect((await call(seller, 'GET', '/contracts')).body).toEqual(before);
  });

  it('refuses a template instance whose total would pass the cap of one contract, saying so', async () => {
    const template = await call(seller, 'POST', '/templates', {
      title: 'Land',
      description: 'Per plot',
      base_price: '500000000',
      currency: 'NGN',
    });
    expect(template.status).toBe(201);
    const templateId = String(template.body.id);
    expect((await call(buyer, 'POST', '/create-instance-from-template', { templateId, quantity: 2 })).status).toBe(201);
    expect(await call(buyer, 'POST', '/create-instance-from-template', { templateId, quantity: 3 })).toEqual({
      status: 400,
      body: {
        error: 'The total would be more than ₦1,000,000,000.00, the most one contract can hold. Choose a smaller quantity.',
      },
    });
  });

  it('refuses the 51st contract aimed at one person within the hour (429), and tells them of only the first few', async () => {
    const before = (await notifications(stranger)).unread_count;
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      statuses.push(
        (
          await call(seller, 'POST', '/create-contract', {
            acceptorId: stranger.sub,
            title: `Flood ${i}`,
            description: 'One of many',
            value: '10',
            currency: 'NGN',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 50).every((status) => status === 201)).toBe(true);
    expect(statuses[50]).toBe(429);
    // The first few, and once that more came (test/security/notification-flooding.test.ts).
    expect((await notifications(stranger)).unread_count).toBe(before + throttles.noticesFromPerson.limit + 1);
  });
});

describe('who may call what', () => {
  let contractId: string;
  let templateId: string;
  let sellerNotification: string;

  beforeAll(async () => {
    contractId = await newContract();
    templateId = String(
      (await call(seller, 'POST', '/templates', { title: 'T', description: 'D', base_price: 1, currency: 'NGN' })).body.id,
    );
    await call(buyer, 'POST', '/accept-contract', { contractId: await newContract() });
    sellerNotification = (await notifications(seller)).notifications[0]?.id ?? '';
  });

  const editBody = { title: 'x', description: 'x', value: 1, currency: 'NGN' };
  const templateBody = { title: 'x', description: 'x', base_price: 1, currency: 'NGN' };

  // [route, anonymous, stranger, creator (seller), acceptor (buyer)]
  const matrix: Array<[string, () => [string, string, unknown?], number, number, number, number]> = [
    ['read a contract', () => ['GET', `/contracts/${contractId}`], 401, 403, 200, 200],
    ['read it for acceptance', () => ['POST', '/get-contract-for-acceptor', { contractId }], 401, 200, 200, 200],
    ['edit it', () => ['PATCH', `/contracts/${contractId}`, editBody], 401, 403, 200, 403],
    ['list own contracts', () => ['GET', '/contracts'], 401, 200, 200, 200],
    ['list engaged contracts', () => ['GET', '/engaged-contracts'], 401, 200, 200, 200],
    ['read a template', () => ['GET', `/templates/${templateId}`], 401, 403, 200, 403],
    ['edit a template', () => ['PATCH', `/templates/${templateId}`, templateBody], 401, 403, 200, 403],
    ['fetch a template to use it', () => ['POST', '/fetch-contract-template', { templateId }], 401, 200, 200, 200],
    ['create a template', () => ['POST', '/templates', templateBody], 401, 201, 201, 201],
    ['list own templates', () => ['GET', '/templates'], 401, 200, 200, 200],
    ['list notifications', () => ['GET', '/notifications'], 401, 200, 200, 200],
    ['mark the seller’s notification read', () => ['POST', `/notifications/${sellerNotification}/read`], 401, 404, 200, 404],
  ];

  it.each(matrix)('%s: as anonymous, a stranger, the creator and the acceptor', async (_, request, ...expected) => {
    const [method, path, body] = request();
    const actual = [];
    for (const actor of [anonymous, stranger, seller, buyer]) actual.push((await call(actor, method, path, body)).status);
    expect(actual).toEqual(expected);
  });

  it('refuses a stranger and the acceptor the creator’s views with the spec’s text', async () => {
    for (const actor of [stranger, buyer]) {
      expect(await call(actor, 'PATCH', `/contracts/${contractId}`, editBody)).toEqual({
        status: 403,
        body: { error: 'Access Denied: You are not the creator of this contract.' },
      });
      expect(await call(actor, 'GET', `/templates/${templateId}`)).toEqual({
        status: 403,
        body: { error: 'You are not authorized to view this template.' },
      });
    }
  });

  it('lets only the creator delete, and only the named acceptor accept or reject', async () => {
    const id = await newContract();
    for (const actor of [anonymous, stranger, buyer])
      expect((await call(actor, 'DELETE', `/contracts/${id}`)).status).toBe(actor.token ? 403 : 401);
    for (const actor of [anonymous, stranger, seller]) {
      expect((await call(actor, 'POST', '/accept-contract', { contractId: id })).status).toBe(actor.token ? 403 : 401);
      expect((await call(actor, 'POST', '/reject-contract', { contractId: id })).status).toBe(actor.token ? 403 : 401);
    }
    expect((await call(seller, 'DELETE', `/contracts/${id}`)).status).toBe(200);
  });

  it('lets anyone but the template’s creator make a contract from it', async () => {
    expect((await call(anonymous, 'POST', '/create-instance-from-template', { templateId, quantity: 1 })).status).toBe(401);
    expect((await call(stranger, 'POST', '/create-instance-from-template', { templateId, quantity: 1 })).status).toBe(201);
    expect((await call(seller, 'POST', '/create-instance-from-template', { templateId, quantity: 1 })).status).toBe(400);
  });
});
