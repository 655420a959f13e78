import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { fundedContract, markCompleted } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { confirmedUser, linkIn, mailCount, type SignedInPerson, signedInPerson, waitForEmail } from '../support/identity';
import { expectBalancedLedgers } from '../support/ledger';
import { emailsTo } from '../support/mailbox';
import { readyToBePaid, setPin } from '../support/seller';

/**
 * Issue 25, items 2 and 3: the limits on guessing a PIN or a security answer must never turn
 * against the owner. A right PIN sent many times at once is never counted or refused as a failure;
 * a stranger who fills an email's limit on wrong answers cannot keep its owner from resetting
 * their password (the owner's mailbox gets a link past the stranger's guesses).
 */

let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
const pin = '4821';
const touched = new Set<string>();

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);

/** An accepted contract the buyer paid in full by bank transfer and marked completed. */
async function satisfiedContract(creator: SignedInPerson): Promise<string> {
  const terms = { title: 'Ankara fabric', description: 'Six yards', value: '12000' };
  const { id } = await fundedContract(cloud, creator, buyer, terms, { touched });
  await markCompleted(cloud, buyer, id);
  return id;
}

const release = (id: string, who: SignedInPerson, withPin: string) =>
  call(who, '/release-funds', { contractId: id, pin: withPin, releaseAmount: 1, creatorId: who.sub });

beforeAll(async () => {
  cloud = await startLocalCloud({ flutterwave: { transferDecideMs: 300 } });
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'pin-owner');
  buyer = await signedInPerson(cloud, 'pin-buyer');
  await readyToBePaid(cloud, seller, pin);
}, 180_000);

afterAll(async () => {
  await expectBalancedLedgers(touched);
  await cloud?.stop();
});

describe('the payment PIN', () => {
  it('releases once and answers no 429 when the owner sends the right PIN ten times at once', async () => {
    const id = await satisfiedContract(seller);
    const replies = await Promise.all(Array.from({ length: 10 }, () => release(id, seller, pin)));
    expect(
      replies.map((reply) => reply.status),
      JSON.stringify(replies.map((reply) => reply.body.error)),
    ).toEqual(Array(10).fill(200));
    // One release; the others found it already asked for (a business answer, never a failed PIN).
    const messages = replies.map((reply) => String(reply.body.message));
    expect(messages.filter((message) => message.startsWith('Release requested.'))).toHaveLength(1);
    expect(messages.filter((message) => message === 'The release of this contract was already requested.')).toHaveLength(9);
    // Nothing was counted against the owner: five wrong PINs still get five refusals of the PIN.
    const other = await satisfiedContract(seller);
    for (let i = 0; i < 5; i += 1) expect((await release(other, seller, '9999')).status).toBe(400);
    expect((await release(other, seller, pin)).status).toBe(429);
  });

  it('still refuses the guesses past the limit when ten wrong PINs arrive at once, and then the right one', async () => {
    const guesser = await signedInPerson(cloud, 'pin-guessed');
    await setPin(cloud, guesser, '1357');
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(guesser, '/save-bank-info', { bank_code: '044', account_number: '0690000032', pin: `000${i}` }),
      ),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    expect((await call(guesser, '/save-bank-info', { bank_code: '044', account_number: '0690000032', pin: '1357' })).status).toBe(
      429,
    );
  });
});

/**
 * A POST to the API from a given loopback address (all of 127.0.0.0/8 is this machine), so a
 * stranger's guesses come from another source than the owner's answers, as they would.
 */
function postFrom(sourceIp: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(path, cloud.apiUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress: sourceIp,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

describe("the password reset's security answer", () => {
  /** The owner answers from this machine's usual address; each test's stranger from one of its own. */
  const answer = (email: string, securityAnswer: string, unlock?: string, sourceIp = '127.0.0.1') =>
    postFrom(sourceIp, '/verify-answer-and-reset', { email, securityAnswer, ...(unlock ? { unlock } : {}) });
  const guess = (sourceIp: string, email: string, i: number, unlock?: string) => answer(email, `guess ${i}`, unlock, sourceIp);

  it("lets the owner reset after a stranger's seven wrong answers, through the link the account's mailbox is sent", async () => {
    const owner = await confirmedUser(cloud, 'reset-owner');
    for (let i = 0; i < 5; i += 1) expect((await guess('127.0.0.2', owner.email, i)).status).toBe(401);
    for (let i = 5; i < 7; i += 1) expect((await guess('127.0.0.2', owner.email, i)).status).toBe(429);
    // Without the link the right answer is refused like the stranger's, for 30 minutes.
    expect(await answer(owner.email, owner.answer)).toMatchObject({ status: 429 });

    const notice = await waitForEmail(cloud, owner.email, /Continue resetting your MiddleMan password/);
    const link = linkIn(notice);
    expect(link.pathname).toBe('/forgot-password');
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get('email')).toBe(owner.email);
    const unlock = fragment.get('unlock') ?? '';

    const before = await mailCount(cloud, owner.email);
    expect(await answer(owner.email, owner.answer, unlock)).toMatchObject({
      status: 200,
      body: { message: 'A password reset link has been sent to your email.' },
    });
    await waitForEmail(cloud, owner.email, /Reset your MiddleMan password/, before);
    // One link a window, however many guesses follow.
    for (let i = 8; i < 12; i += 1) expect((await guess('127.0.0.2', owner.email, i)).status).toBe(429);
    const notices = (await emailsTo(cloud.mailboxUrl, owner.email)).filter((email) => /Continue resetting/.test(email.subject));
    expect(notices).toHaveLength(1);
  });

  it('gives a stranger nothing with the link: it holds only for its own email, and for three wrong answers', async () => {
    const owner = await confirmedUser(cloud, 'reset-owner-2');
    const other = await confirmedUser(cloud, 'reset-other');
    for (let i = 0; i < 6; i += 1) await guess('127.0.0.3', owner.email, i);
    for (let i = 0; i < 6; i += 1) await guess('127.0.0.3', other.email, i);
    const unlock = new URLSearchParams(linkIn(await waitForEmail(cloud, owner.email, /Continue resetting/)).hash.slice(1)).get(
      'unlock',
    ) as string;

    // Another email's lock stands with this proof; so does this email's with a proof altered.
    expect((await answer(other.email, other.answer, unlock)).status).toBe(429);
    const [expiry, hash] = unlock.split('.');
    expect((await answer(owner.email, owner.answer, `${Number(expiry) + 3600}.${hash}`)).status).toBe(429);

    for (let i = 0; i < 3; i += 1) expect((await guess('127.0.0.3', owner.email, i, unlock)).status).toBe(401);
    expect((await answer(owner.email, owner.answer, unlock)).status).toBe(429);
  });

  it('sends no link for an email without an account', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) expect((await guess('127.0.0.4', email, i)).status).toBe(401);
    expect((await guess('127.0.0.4', email, 5)).status).toBe(429);
    expect(await mailCount(cloud, email)).toBe(0);
  });
});
