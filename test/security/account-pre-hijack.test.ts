import { confirmSignUp, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractWithPeople } from '../../lambdas/core/api/contracts';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { apiCaller } from '../support/http';
import {
  confirmationLink,
  confirmByEmailedLink,
  newTestUser,
  postJson,
  removalLink,
  type SignedInPerson,
  signedIn,
  signedInPerson,
  signUp,
  type TestUser,
  trustedDeviceMetadata,
  waitForEmail,
} from '../support/identity';
import { snapshotTable } from '../support/table';

/**
 * Account pre-hijacking: someone signs up with an address that is not theirs (one a contract was
 * offered to) before its owner does, hoping the owner confirms it or is locked out of it. An
 * unconfirmed sign-up must never block the owner, nothing of it may be trusted or take up an
 * invitation before the email is confirmed, and confirming must prove that whoever clicks the
 * emailed link is whoever chose the password.
 */

let cloud: LocalCloud;
let call: ReturnType<typeof apiCaller>;
let seller: SignedInPerson;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  call = apiCaller(cloud);
  seller = await signedInPerson(cloud, 'seller');
});

afterAll(async () => {
  await cloud?.stop();
});

async function offerTo(email: string): Promise<string> {
  const created = await call(seller, '/create-contract', {
    acceptorId: email,
    title: 'Laptop, used',
    description: 'Sold as seen',
    value: '150000',
  });
  expect(created.status).toBe(201);
  return String(created.body.id);
}

/** Mallory: signs up with the owner's address, her own password, answer, name and device. */
function malloryFor(owner: TestUser): TestUser {
  return {
    ...newTestUser('mallory'),
    email: owner.email,
    password: 'mallory-chose-this',
    fullName: 'Mallory Attacker',
    answer: 'Mallory knows this',
  };
}

async function signInOnDevice(user: TestUser) {
  await signOut();
  return signIn({
    username: user.email,
    password: user.password,
    options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: { deviceName: 'Linux PC', ...trustedDeviceMetadata(user) } },
  });
}

describe('an invited address signed up by someone else first', () => {
  it('replaces the unconfirmed sign-up when the owner signs up, and the owner gets the contract, Mallory nothing', async () => {
    const owner = newTestUser('owner');
    const id = await offerTo(owner.email);
    const mallory = malloryFor(owner);
    expect((await signUp(cloud, mallory)).status).toBe(201);
    const mallorysLink = await confirmationLink(cloud, owner.email);

    // Before: 409 "already exists". Now the unconfirmed account gives way to the owner's sign-up.
    const ownersSignup = await signUp(cloud, owner);
    expect(ownersSignup.status).toBe(201);
    expect(cloud.cognito.users.find(owner.email)?.attributes.name).toBe(owner.fullName);

    // The link of Mallory's sign-up confirms nothing any more, even with the owner's own password.
    const stale = await postJson(`${cloud.apiUrl}/confirm-email`, {
      email: owner.email,
      code: mallorysLink.searchParams.get('code'),
      password: owner.password,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('This confirmation link is no longer valid. If you signed up, please sign up again.');

    await confirmByEmailedLink(cloud, owner);
    const person = await signedIn(owner);
    expect((await call(person, '/accept-contract', { contractId: id })).status).toBe(200);
    expect((await call<ContractWithPeople>(seller, `/contracts/${id}`)).body.contract.acceptor_id).toBe(person.sub);

    await expect(signInOnDevice(mallory)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('tells the owner what was signed up (the name and when), and does not confirm it with the owner’s password', async () => {
    const owner = newTestUser('clicker');
    await offerTo(owner.email);
    const mallory = malloryFor(owner);
    expect((await signUp(cloud, mallory)).status).toBe(201);

    const email = await waitForEmail(cloud, owner.email, /Confirm your email/);
    expect(email.body.html).toContain('with the name Mallory Attacker');
    expect(email.body.html).toMatch(/on \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} \(Lagos time\)/);
    expect(email.body.html).toContain('This was not me');

    // The owner clicks the link and types their own password: refused, nothing confirmed.
    const refused = await confirmByEmailedLink(cloud, owner).catch((error: { status: number; body: { error: string } }) => error);
    expect(refused).toMatchObject({
      status: 401,
      body: { error: expect.stringMatching(/not the password this sign-up was made with/) },
    });
    expect(cloud.cognito.users.find(owner.email)?.status).toBe('UNCONFIRMED');

    // Mallory's password confirms it only from the inbox, which she does not hold; her sign-in is refused meanwhile.
    const result = await signInOnDevice(mallory);
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
  });

  it('removes the unconfirmed sign-up with "This was not me", after which the owner signs up freely', async () => {
    const owner = newTestUser('notme');
    const mallory = malloryFor(owner);
    expect((await signUp(cloud, mallory)).status).toBe(201);
    const link = await removalLink(cloud, owner.email);
    expect(link.pathname).toBe('/confirm-email');

    const removed = await postJson(`${cloud.apiUrl}/remove-signup`, {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('not_me'),
    });
    expect(removed).toMatchObject({ status: 200, body: { message: expect.stringMatching(/^The sign-up was removed/) } });
    expect(cloud.cognito.users.find(owner.email)).toBeUndefined();
    expect((await snapshotTable((pk) => pk === `EMAIL#${owner.email}`)).size).toBe(0);

    // Used again, or by anyone: nothing left to remove.
    const again = await postJson(`${cloud.apiUrl}/remove-signup`, {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('not_me'),
    });
    expect(again.status).toBe(400);
    expect((await signUp(cloud, owner)).status).toBe(201);
  });

  it('trusts no device of a sign-up and takes up no invitation until the email is confirmed through the product, even when Cognito was told it was', async () => {
    const owner = newTestUser('bypass');
    const id = await offerTo(owner.email);
    const mallory = malloryFor(owner);
    expect((await signUp(cloud, mallory)).status).toBe(201);
    // The code reaches Cognito around the product (say the owner pasted it into another client).
    const code = (await confirmationLink(cloud, owner.email)).searchParams.get('code') ?? '';
    await confirmSignUp({ username: owner.email, confirmationCode: code });

    // Mallory signs in with her password on her sign-up browser: it is not trusted, so the new-device
    // challenges begin (their last step is a code emailed to the owner).
    const result = await signInOnDevice(mallory);
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep).toMatchObject({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' });
    const view = await call<ContractWithPeople>(seller, `/contracts/${id}`);
    expect(view.body.contract.acceptor_id).toBe('');
  });

  it('a trusted device and the invitation come with the confirmation, not before', async () => {
    const owner = newTestUser('honest');
    const id = await offerTo(owner.email);
    expect((await signUp(cloud, owner)).status).toBe(201);
    expect((await signInOnDevice(owner)).nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
    await confirmByEmailedLink(cloud, owner);
    const person = await signedIn(owner);
    const view = await call<ContractWithPeople>(person, `/contracts/${id}`);
    expect(view.status).toBe(200);
  });
});

describe('the confirmation and removal links refuse what they must', () => {
  it('locks a sign-up’s confirmation after 5 wrong passwords, the right one included after that', async () => {
    const user = newTestUser('guessed');
    expect((await signUp(cloud, user)).status).toBe(201);
    const link = await confirmationLink(cloud, user.email);
    const attempt = (password: string) =>
      postJson(`${cloud.apiUrl}/confirm-email`, { email: user.email, code: link.searchParams.get('code'), password });
    const wrong = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(`guess-${i}`)));
    expect(wrong.filter((r) => r.status === 401)).toHaveLength(5);
    expect(wrong.filter((r) => r.status === 429)).toHaveLength(3);
    expect((await attempt(user.password)).status).toBe(429);
    expect(cloud.cognito.users.find(user.email)?.status).toBe('UNCONFIRMED');
  });

  it("refuses another sign-up's removal token, and never removes a confirmed account", async () => {
    const first = newTestUser('first');
    const second = newTestUser('second');
    expect((await signUp(cloud, first)).status).toBe(201);
    expect((await signUp(cloud, second)).status).toBe(201);
    const firstToken = (await removalLink(cloud, first.email)).searchParams.get('not_me');
    const secondToken = (await removalLink(cloud, second.email)).searchParams.get('not_me');

    const crossed = await postJson(`${cloud.apiUrl}/remove-signup`, { email: second.email, token: firstToken });
    expect(crossed.status).toBe(400);
    expect(cloud.cognito.users.find(second.email)?.status).toBe('UNCONFIRMED');

    await confirmByEmailedLink(cloud, second);
    const late = await postJson(`${cloud.apiUrl}/remove-signup`, { email: second.email, token: secondToken });
    expect(late).toMatchObject({ status: 409, body: { error: 'This email is already confirmed. You can sign in.' } });
    expect(cloud.cognito.users.find(second.email)?.status).toBe('CONFIRMED');
  });

  it('answers a second confirmation of a confirmed email with 409, and malformed links with 400', async () => {
    const user = newTestUser('twice');
    expect((await signUp(cloud, user)).status).toBe(201);
    await confirmByEmailedLink(cloud, user);
    const link = await confirmationLink(cloud, user.email);
    const again = await postJson(`${cloud.apiUrl}/confirm-email`, {
      email: user.email,
      code: link.searchParams.get('code'),
      password: user.password,
    });
    expect(again.status).toBe(409);
    for (const body of [
      { email: user.email, code: 'abc', password: 'x' },
      { email: 'nope', code: '123456', password: 'x' },
      {},
    ]) {
      expect((await postJson(`${cloud.apiUrl}/confirm-email`, body)).status).toBe(400);
    }
    expect((await postJson(`${cloud.apiUrl}/remove-signup`, { email: user.email, token: '../..' })).status).toBe(400);
  });
});
