import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractWithPeople } from '../../lambdas/core/api/contracts';
import { invitationMessages } from '../../lambdas/core/api/invitations';
import type { NotificationsResponse } from '../../lambdas/core/api/notifications';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { apiCaller, apiRequest } from '../support/http';
import {
  ageAccount,
  confirmByEmailedLink,
  linkIn,
  mailCount,
  newTestUser,
  type SignedInPerson,
  signedIn,
  signedInPerson,
  signUp,
  waitForEmail,
} from '../support/identity';
import { emailsTo } from '../support/mailbox';
import { readyToBePaid } from '../support/seller';

let cloud: LocalCloud;
let call: ReturnType<typeof apiCaller>;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let stranger: SignedInPerson;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  call = apiCaller(cloud);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
  stranger = await signedInPerson(cloud, 'stranger');
});

afterAll(async () => {
  await cloud?.stop();
});

async function offerTo(acceptorId: string, title = 'Bridal gown alteration') {
  const created = await call(seller, '/create-contract', {
    acceptorId,
    title,
    description: 'Take in the waist',
    value: '85,000.50',
  });
  expect(created.status).toBe(201);
  // Named by email, the reply says it was emailed (the seller is well within its invitation emails).
  expect(created.body.invitation_emailed).toBe(acceptorId.includes('@') ? true : undefined);
  return String(created.body.id);
}

describe('inviting the buyer by email', () => {
  it('invites an email with no account: the invitation email links to its offer, and the seller sees no account behind it', async () => {
    const invitee = newTestUser('invitee');
    const id = await offerTo(invitee.email.toUpperCase());

    const invitation = await waitForEmail(cloud, invitee.email, /^You are invited to a contract on MiddleMan escrow$/);
    expect(linkIn(invitation).pathname).toBe('/invitation');
    expect(linkIn(invitation).searchParams.get('token')).toMatch(new RegExp(`^${id}\\.[\\w-]{43}$`));
    expect(invitation.body.text).toContain('"Bridal gown alteration", for ₦85,000.50');
    expect(invitation.body.text).not.toMatch(/<[a-z]/);
    expect(invitation.body.html).toContain(`href="${linkIn(invitation).href}"`);

    const view = await call<ContractWithPeople>(seller, `/contracts/${id}`);
    expect(view.body.contract).toMatchObject({ acceptor_id: '', invited_email: invitee.email, value_minor: 8_500_050 });
    expect(view.body.people.map((p) => p.id)).toEqual([seller.sub]);
  });

  it('names a registered email’s person without telling the seller: same answer, no name or id until they accept', async () => {
    const id = await offerTo(buyer.user.email);
    const view = await call<ContractWithPeople>(seller, `/contracts/${id}`);
    expect(view.body.contract.acceptor_id).toBe('');
    expect(view.body.people.map((p) => p.id)).toEqual([seller.sub]);

    const email = await waitForEmail(cloud, buyer.user.email, /New contract for you: "Bridal gown alteration"/);
    expect(linkIn(email).pathname).toBe(`/contracts/${id}`);
    const { body } = await call<NotificationsResponse>(buyer, '/notifications');
    expect(body.notifications.find((n) => n.contract_id === id)?.title).toBe('New contract');

    expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
    const after = await call<ContractWithPeople>(seller, `/contracts/${id}`);
    expect(after.body.contract.acceptor_id).toBe(buyer.sub);
    expect(after.body.people.map((p) => p.id)).toContain(buyer.sub);
    await waitForEmail(cloud, seller.user.email, /"Bridal gown alteration" was accepted/);
  });

  it('hands the contract to whoever signs up with the invited email, at their first sign-in, and only to them', async () => {
    const invitee = newTestUser('newbuyer');
    const id = await offerTo(invitee.email, 'Wedding photos');
    expect((await call(stranger, '/accept-contract', { contractId: id })).status).toBe(403);

    expect((await signUp(cloud, invitee)).status).toBe(201);
    await confirmByEmailedLink(cloud, invitee);
    const person = await signedIn(invitee);

    const { body } = await call<NotificationsResponse>(person, '/notifications');
    expect(body.notifications.find((n) => n.contract_id === id)?.body).toMatch(
      /Test seller created the contract "Wedding photos" for you/,
    );
    expect((await call<ContractWithPeople>(person, `/contracts/${id}`)).body.contract.acceptor_id).toBe(person.sub);

    // A second sign-in finds nothing left to take up, and tells nobody twice.
    await signedIn(invitee);
    const again = await call<NotificationsResponse>(person, '/notifications');
    expect(again.body.notifications.filter((n) => n.contract_id === id)).toHaveLength(1);
    expect((await call(person, '/accept-contract', { contractId: id })).status).toBe(200);
  });

  it('lets the invited person accept with the ID from the link typed in lower case', async () => {
    const invitee = newTestUser('direct');
    const id = await offerTo(invitee.email, 'Logo');
    expect((await signUp(cloud, invitee)).status).toBe(201);
    await confirmByEmailedLink(cloud, invitee);
    const person = await signedIn(invitee);
    const accepted = await call(person, '/accept-contract', { contractId: id.toLowerCase() });
    expect(accepted.status).toBe(200);
    expect((await call<ContractWithPeople>(seller, `/contracts/${id}`)).body.contract.acceptor_id).toBe(person.sub);
  });

  it('refuses a malformed email and the seller’s own email', async () => {
    const malformed = await call(seller, '/create-contract', { acceptorId: 'ada@', title: 'T', description: 'D', value: '10' });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address.' } });
    const own = await call(seller, '/create-contract', {
      acceptorId: seller.user.email,
      title: 'T',
      description: 'D',
      value: '10',
    });
    expect(own).toMatchObject({ status: 400, body: { error: 'You cannot create a contract for yourself.' } });
  });
});

describe('the invitation link, for someone not signed in', () => {
  const sellerAccount = { bank_code: '044', account_number: '0690000033' };
  let inviter: SignedInPerson;

  beforeAll(async () => {
    // A seller of their own, past a new account's few invitation emails an hour, with bank details
    // on file, so the test can show those never reach the invited person.
    inviter = await signedInPerson(cloud, 'inviter');
    await ageAccount(inviter.sub, 48);
    await readyToBePaid(cloud, inviter, '1357', sellerAccount);
  });

  /** The invitation to a new address for a new contract: its id, its link's token, and the address. */
  async function invitation(title: string, inspectionDays?: number) {
    const invitee = newTestUser('previewed');
    const created = await call(inviter, '/create-contract', {
      acceptorId: invitee.email,
      title,
      description: 'Seller-only notes: meet at my shop',
      value: '45,000',
      ...(inspectionDays ? { inspectionDays } : {}),
    });
    expect(created.status).toBe(201);
    const email = await waitForEmail(cloud, invitee.email, /^You are invited to a contract on MiddleMan escrow$/);
    return { id: String(created.body.id), token: linkIn(email).searchParams.get('token') ?? '', invitee };
  }

  const preview = (token: string) => apiRequest(cloud.apiUrl, { method: 'GET', path: `/invitations/${token}` });

  it('shows the offer without a session: the seller’s name, title, amount, inspection window and the invited address, nothing else', async () => {
    const { id, token, invitee } = await invitation('Aso ebi fabric', 5);
    const answer = await preview(token);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      contract_id: id,
      seller_name: 'Test inviter',
      title: 'Aso ebi fabric',
      value_minor: 4_500_000,
      currency: 'NGN',
      inspection_days: 5,
      invited_email: invitee.email,
    });
    for (const secret of [inviter.user.email, inviter.sub, sellerAccount.account_number, 'Seller-only notes'])
      expect(answer.text, secret).not.toContain(secret);
  });

  it('refuses, with one 404 that tells nothing, a link we did not sign, one moved to another contract, an unknown contract, and a contract named by User ID', async () => {
    const first = await invitation('First offer');
    const second = await invitation('Second offer');
    const signature = first.token.split('.')[1] ?? '';
    const byId = await offerTo(buyer.sub, 'Named by id');
    const refused = [
      `${first.id}.${'A'.repeat(43)}`,
      `${second.id}.${signature}`,
      `01ARZ3NDEKTSV4RRFFQ69G5FAV.${signature}`,
      `${byId}.${signature}`,
    ];
    for (const token of refused)
      expect(await preview(token), token).toMatchObject({ status: 404, json: { error: invitationMessages.invitationClosed } });
    // The right link still works: the refusals changed nothing.
    expect((await preview(first.token)).status).toBe(200);
  });

  it('refuses a token of the wrong shape with a 400, and never answers 5xx', async () => {
    for (const token of ['nodot', `${'A'.repeat(26)}.short`, `${'A'.repeat(65)}.${'A'.repeat(43)}`, `a.${'A'.repeat(43)}.c`])
      expect((await preview(token)).status, token).toBe(400);
  });

  it('closes once the offer is no longer open: taken up by the account made from it, or deleted', async () => {
    const closed = { status: 404, json: { error: invitationMessages.invitationClosed } };
    const taken = await invitation('Taken up');
    expect((await signUp(cloud, taken.invitee)).status).toBe(201);
    await confirmByEmailedLink(cloud, taken.invitee);
    // Signed up and confirmed, not yet signed in: the offer still waits for them.
    expect((await preview(taken.token)).status).toBe(200);
    await signedIn(taken.invitee);
    expect(await preview(taken.token)).toMatchObject(closed);

    const deleted = await invitation('Deleted offer');
    expect((await preview(deleted.token)).status).toBe(200);
    const removed = await apiRequest(cloud.apiUrl, { method: 'DELETE', path: `/contracts/${deleted.id}`, token: inviter.token });
    expect(removed.status).toBeLessThan(300);
    expect(await preview(deleted.token)).toMatchObject(closed);
  });
});

describe('contract IDs typed by hand', () => {
  it('finds a contract by its ID in lower case', async () => {
    const id = await offerTo(buyer.sub, 'Lower case');
    const offer = await call(buyer, '/get-contract-for-acceptor', { contractId: ` ${id.toLowerCase()} ` });
    expect(offer).toMatchObject({ status: 200, body: { id, title: 'Lower case' } });
    expect((await call(buyer, `/contracts/${id.toLowerCase()}`)).status).toBe(200);
  });
});

describe('email preferences', () => {
  it('stops the emails that are not about money once turned off, and keeps those that are', async () => {
    expect((await call(seller, '/email-preferences', { email_updates: false })).status).toBe(200);
    expect((await call<{ profile: { email_updates: boolean } }>(seller, '/profile')).body.profile.email_updates).toBe(false);
    const id = await offerTo(buyer.sub, 'Quiet seller');
    const before = (await emailsTo(cloud.mailboxUrl, seller.user.email)).filter((e) => /Quiet seller/.test(e.subject)).length;
    expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
    // The buyer's "new contract" email is essential and went; the seller's "accepted" did not.
    await waitForEmail(cloud, buyer.user.email, /New contract for you: "Quiet seller"/);
    const count = await mailCount(cloud, seller.user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailCount(cloud, seller.user.email)).toBe(count);
    expect((await emailsTo(cloud.mailboxUrl, seller.user.email)).filter((e) => /Quiet seller/.test(e.subject))).toHaveLength(
      before,
    );
    expect((await call(seller, '/email-preferences', { email_updates: 'no' })).status).toBe(400);
    expect((await call(seller, '/email-preferences', { email_updates: true })).status).toBe(200);
  });
});
