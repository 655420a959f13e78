import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../lambdas/core/api/notifications';
import { invitationLimits, throttles } from '../../lambdas/core/domain/throttle-rules';
import type { LocalCloud } from '../../lib/local/index';
import { apiRequest } from '../support/http';
import { ageAccount, type SignedInPerson, signedInPerson } from '../support/identity';
import { emailsTo } from '../support/mailbox';
import { startQuietCloud } from '../support/quiet-cloud';

/**
 * Issue 25, item 7: one account could still push 50 notifications (and their emails) an hour at
 * one person, and any number of accounts together as many as they liked. What someone's action
 * pushes at a person unasked (a contract naming them, an invitation to their address, a contract
 * made from their template) is now told per sender and person, and per person from everyone,
 * only so many times an hour. Past either limit the deal is still made, untold, and the person is
 * told once that more came: a flood by strangers cannot stop a real seller's contract.
 */

let cloud: LocalCloud;
const perSender = throttles.noticesFromPerson.limit;
const perPerson = throttles.noticesForPerson.limit;
const heldBackTitle = 'More new contracts';

beforeAll(async () => {
  cloud = await startQuietCloud();
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

async function call(who: SignedInPerson, method: string, path: string, body?: unknown) {
  const answer = await apiRequest(cloud.apiUrl, { method, path, token: who.token, body });
  return { status: answer.status, body: answer.json as Record<string, unknown> };
}

const offer = (seller: SignedInPerson, acceptorId: string, title: string) =>
  call(seller, 'POST', '/create-contract', { acceptorId, title, description: 'Unasked', value: '10', currency: 'NGN' });

const inbox = async (who: SignedInPerson) => (await call(who, 'GET', '/notifications')).body as unknown as NotificationsResponse;

/** The emails to `address` whose subject matches (each is sent before its request is answered). */
const emailsMatching = async (address: string, subject: RegExp) =>
  (await emailsTo(cloud.mailboxUrl, address)).filter((e) => subject.test(e.subject));

describe('notification flooding', () => {
  it(`stops one account pushing more than ${perSender} notifications an hour at one person, by contracts or by uses of their template`, async () => {
    const flooder = await signedInPerson(cloud, 'flooder');
    const buyer = await signedInPerson(cloud, 'flooded-buyer');
    const seller = await signedInPerson(cloud, 'flooded-seller');

    // Contracts naming the buyer: every one is made (the deal is never refused for this)...
    for (let i = 0; i < perSender + 5; i++) expect((await offer(flooder, buyer.sub, `Flood ${i}`)).status).toBe(201);
    // ...but the buyer is told of the first few only, and once that more came.
    const told = await inbox(buyer);
    expect(told.unread_count).toBe(perSender + 1);
    expect(told.notifications.filter((n) => n.title === 'New contract')).toHaveLength(perSender);
    expect(told.notifications.filter((n) => n.title === heldBackTitle)).toHaveLength(1);
    expect(await emailsMatching(buyer.user.email, /^New contract for you/)).toHaveLength(perSender);

    // Contracts made from the seller's template: the same.
    const template = await call(seller, 'POST', '/templates', {
      title: 'T-shirt',
      description: 'Printed, per item',
      base_price: '1500',
      currency: 'NGN',
    });
    expect(template.status).toBe(201);
    for (let i = 0; i < perSender + 5; i++) {
      const made = await call(flooder, 'POST', '/create-instance-from-template', { templateId: template.body.id, quantity: 1 });
      expect(made.status).toBe(201);
    }
    const sellerTold = await inbox(seller);
    expect(sellerTold.unread_count).toBe(perSender + 1);
    expect(sellerTold.notifications.filter((n) => n.title === 'Template used')).toHaveLength(perSender);
    expect(sellerTold.notifications.filter((n) => n.title === heldBackTitle)).toHaveLength(1);
    // All of them are the seller's contracts all the same.
    const mine = (await call(seller, 'GET', '/contracts')).body.contracts as unknown[];
    expect(mine).toHaveLength(perSender + 5);
  });

  it("stops many accounts together flooding one person's notifications, while a real seller's contract still reaches them", async () => {
    const victim = await signedInPerson(cloud, 'victim');
    const flooders: SignedInPerson[] = [];
    for (let i = 0; i <= perPerson / perSender; i++) flooders.push(await signedInPerson(cloud, `flooder${i}`));
    // Each stays within what one account may tell one person; together they pass what anyone is told.
    for (const [n, flooder] of flooders.entries()) {
      for (let i = 0; i < perSender; i++) expect((await offer(flooder, victim.sub, `Flood ${n}.${i}`)).status).toBe(201);
    }
    expect((await inbox(victim)).unread_count).toBe(perPerson + 1);
    expect(await emailsMatching(victim.user.email, /^New contract for you/)).toHaveLength(perPerson);

    // A real seller is not refused because strangers flooded the buyer: the contract is made, and
    // the buyer, told that more came than they were told of, opens it with the ID the seller sends.
    const seller = await signedInPerson(cloud, 'real-seller');
    const real = await offer(seller, victim.sub, 'Wedding cake');
    expect(real.status).toBe(201);
    const contractId = String(real.body.id);
    expect((await inbox(victim)).unread_count).toBe(perPerson + 1);
    expect((await call(victim, 'POST', '/get-contract-for-acceptor', { contractId })).body).toMatchObject({
      id: contractId,
      title: 'Wedding cake',
    });
    expect((await call(victim, 'POST', '/accept-contract', { contractId })).status).toBe(200);
  });

  it('stops one account flooding an address that has no account with invitation emails', async () => {
    const flooder = await signedInPerson(cloud, 'inviter');
    // Old enough that its own invitation emails for the hour are more than these: the address's limit is what holds.
    await ageAccount(flooder.sub, invitationLimits.newAccountHours + 1);
    expect(perSender + 5).toBeLessThanOrEqual(invitationLimits.perHour);
    const address = `nobody.${Date.now().toString(36)}@example.com`;
    for (let i = 0; i < perSender + 5; i++) expect((await offer(flooder, address, `Invite ${i}`)).status).toBe(201);
    expect(await emailsMatching(address, /^You are invited to a contract on MiddleMan escrow$/)).toHaveLength(perSender);
  });
});
