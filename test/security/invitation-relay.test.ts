import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateContractResponse } from '../../lambdas/core/api/contracts';
import { invitationMessages } from '../../lambdas/core/api/invitations';
import { escapeHtml, stepEmails } from '../../lambdas/core/domain/email-templates';
import { invitationLimits, throttles } from '../../lambdas/core/domain/throttle-rules';
import { throttleWindowKey } from '../../lambdas/core/entities/throttle';
import { routes } from '../../lambdas/routes';
import { type LocalCloud, localStage } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { apiRequest } from '../support/http';
import { ageAccount, confirmByEmailedLink, newTestUser, type SignedInPerson, signedIn, signUp } from '../support/identity';
import { emailsTo, headerOf, type MailboxEmail } from '../support/mailbox';
import { startQuietCloud } from '../support/quiet-cloud';
import { snapshotTable } from '../support/table';

/**
 * Issue 34, finding 2: one new account made 220 contracts for 220 unknown addresses in 14 s and
 * had 200 invitation emails sent, their subject carrying its own text ("... invited you to a
 * MiddleMan escrow: "Your parcel is waiting, pay here""); the limits per recipient held, since each
 * address got one. Now an account has only so many invitation emails an hour (fewer while it is
 * new), counted by a conditional write so racing creations cannot pass it; past it the contract is
 * still made and its creator told to share the link. The email carries no words of the sender's
 * in its subject and only the contract's title, escaped, in its body; and each has a one-click
 * "stop emails from this sender" that the limits honour.
 */

let cloud: LocalCloud;
const invitationSubject = stepEmails['contract-invitation'].subject;
const spamName = 'Claim your refund at evil.example';
const run = Date.now().toString(36);

beforeAll(async () => {
  cloud = await startQuietCloud();
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

async function post<T = Record<string, unknown>>(
  who: SignedInPerson | undefined,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const answer = await apiRequest(cloud.apiUrl, { method: 'POST', path, token: who?.token, body, headers });
  return { status: answer.status, body: answer.json as T, text: answer.text };
}

/** A confirmed, signed-in account whose name is a spammer's line: what it types is all it can get into an email. */
async function account(name: string): Promise<SignedInPerson> {
  const user = newTestUser(name);
  user.fullName = spamName;
  const signup = await signUp(cloud, user);
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  await confirmByEmailedLink(cloud, user);
  return { ...(await signedIn(user)), user };
}

const offer = (seller: SignedInPerson, acceptorId: string, title: string) =>
  post<CreateContractResponse>(seller, '/create-contract', { acceptorId, title, description: 'Pay now', value: '15000' });

const spamTitle = (i: number) => `Your parcel is waiting, pay here <a href="https://evil.example">now</a> & "fast" #${i}`;

/** Emails to any of `addresses`, one fetch of the mailbox. */
async function emailsToAny(addresses: string[]): Promise<MailboxEmail[]> {
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  const response = await fetch(`${cloud.mailboxUrl}/store`);
  const { emails } = (await response.json()) as { emails: MailboxEmail[] };
  return emails.filter((e) => e.destination.to.some((to) => wanted.has(to.toLowerCase())));
}

const hourWindow = () => Math.floor(Date.now() / 3600_000);

/**
 * Runs `flood` within one fixed hour window of the limits (a window that turned meanwhile would
 * rightly allow a second hour's emails): once more if the hour turned while it ran.
 */
async function withinOneHourWindow<T>(flood: () => Promise<T>): Promise<T> {
  const start = hourWindow();
  const result = await flood();
  return hourWindow() === start ? result : flood();
}

/** `count` contracts at once from `seller`, each for a new address without an account. */
async function floodOfInvitations(seller: SignedInPerson, count: number) {
  const addresses = Array.from(
    { length: count },
    (_, i) => `relay.${run}.${seller.sub.slice(0, 8)}.${i}.${Math.random().toString(36).slice(2, 6)}@example.com`,
  );
  const answers = await Promise.all(addresses.map((address, i) => offer(seller, address, spamTitle(i))));
  return { addresses, answers };
}

/** The stop link of an invitation: the page in its body, and the API address in its List-Unsubscribe header. */
function stopLinksOf(email: MailboxEmail): { page: URL; oneClick: URL } {
  const page = /https?:\/\/\S+\/stop-invitation-emails\?token=[\w.%-]+/.exec(email.body.text ?? '')?.[0];
  const header = /^<(.+)>$/.exec(headerOf(email, 'List-Unsubscribe') ?? '')?.[1];
  if (!page || !header) throw new Error(`No stop link in "${email.subject}"`);
  return { page: new URL(page), oneClick: new URL(header) };
}

/** Posts as a mail client does for RFC 8058 one-click unsubscription: the form body, no sign-in. */
const oneClick = (url: URL) =>
  post(undefined, url.pathname, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });

async function invitationsTo(address: string): Promise<MailboxEmail[]> {
  return (await emailsTo(cloud.mailboxUrl, address)).filter((e) => e.subject === invitationSubject);
}

describe('invitation emails an account can have sent', () => {
  it(`sends at most ${invitationLimits.perHourNewAccount} of 25 invitations made at once by a new account; every contract is made and the rest answered "not emailed"`, async () => {
    const newbie = await account('newbie');
    const { addresses, answers } = await withinOneHourWindow(() => floodOfInvitations(newbie, 25));

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const emailed = answers.filter((a) => a.body.invitation_emailed === true);
    expect(emailed).toHaveLength(invitationLimits.perHourNewAccount);
    expect(answers.filter((a) => a.body.invitation_emailed === false)).toHaveLength(25 - invitationLimits.perHourNewAccount);

    // Exactly the addresses the answers said were emailed got an email.
    const emails = await emailsToAny(addresses);
    const emailedAddresses = addresses.filter((_, i) => answers[i]?.body.invitation_emailed);
    expect(emails.flatMap((e) => e.destination.to).sort()).toEqual(emailedAddresses.sort());

    // Every contract is made, and is the creator's to share.
    const mine = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/contracts', token: newbie.token });
    const ids = new Set((mine.json as { contracts: Array<{ id: string }> }).contracts.map((c) => c.id));
    for (const answer of answers) expect(ids.has(String(answer.body.id))).toBe(true);

    // Counted in one item per account and hour, cleared by TTL at the hour's end.
    const { Item } = await documents().send(
      new GetCommand({
        TableName: localStage.tableName,
        Key: throttleWindowKey(throttles.invitationEmailsNewAccount, newbie.sub, hourWindow()),
        ConsistentRead: true,
      }),
    );
    expect(Item).toMatchObject({ attempts: invitationLimits.perHourNewAccount, expiresAt: (hourWindow() + 1) * 3600 });
  });

  it('puts none of the sender’s words in the subject and only the contract’s title, escaped, in the body', async () => {
    const sender = await account('wordy');
    const { addresses, answers } = await floodOfInvitations(sender, 2);
    expect(answers.every((a) => a.body.invitation_emailed)).toBe(true);
    const emails = await emailsToAny(addresses);
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      const i = addresses.indexOf(email.destination.to[0] ?? '');
      const title = spamTitle(i);
      expect(email.subject).toBe(invitationSubject);
      expect(email.subject).not.toMatch(/\{\{|parcel|pay here|refund|evil/i);
      // The title, as typed in the plain text and escaped in the HTML; the sender's name and address nowhere.
      expect(email.body.text).toContain(`"${title}"`);
      expect(email.body.html).toContain(escapeHtml(title));
      expect(email.body.html).not.toContain('<a href="https://evil.example">');
      for (const part of [email.body.text, email.body.html]) {
        expect(part).not.toContain(spamName);
        expect(part).not.toContain(sender.user.email);
      }
      expect(headerOf(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(stopLinksOf(email).oneClick.origin).toBe(new URL(cloud.apiUrl).origin);
    }
  });

  it(`sends an account older than ${invitationLimits.newAccountHours} hours at most ${invitationLimits.perHour} of 25 made at once`, async () => {
    const seller = await account('established');
    await ageAccount(seller.sub, invitationLimits.newAccountHours + 1);
    const { addresses, answers } = await withinOneHourWindow(() => floodOfInvitations(seller, 25));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.filter((a) => a.body.invitation_emailed === true)).toHaveLength(invitationLimits.perHour);
    expect(await emailsToAny(addresses)).toHaveLength(invitationLimits.perHour);
  });

  it('answers alike for an address with an account and one without, before the limit and past it', async () => {
    const registered = await account('registered');
    const seller = await account('prober');
    const fresh = () => `unknown.${run}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const within = [await offer(seller, registered.user.email, 'A'), await offer(seller, fresh(), 'B')];
    expect(within.map((a) => [a.status, a.body.invitation_emailed])).toEqual([
      [201, true],
      [201, true],
    ]);
    for (let i = 2; i < invitationLimits.perHourNewAccount; i++) await offer(seller, fresh(), `Fill ${i}`);
    const past = [await offer(seller, registered.user.email, 'C'), await offer(seller, fresh(), 'D')];
    expect(past.map((a) => [a.status, Object.keys(a.body).sort(), a.body.invitation_emailed])).toEqual([
      [201, ['id', 'invitation_emailed'], false],
      [201, ['id', 'invitation_emailed'], false],
    ]);
    // Past the limit the registered person is still notified in the app, but not emailed.
    const inbox = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/notifications', token: registered.token });
    const notices = (inbox.json as { notifications: Array<{ contract_id?: string }> }).notifications;
    expect(notices.some((n) => n.contract_id === past[0]?.body.id)).toBe(true);
    expect(
      (await emailsTo(cloud.mailboxUrl, registered.user.email)).filter((e) => /^New contract for you/.test(e.subject)),
    ).toHaveLength(1);
  });
});

describe('"stop emails from this sender"', () => {
  it('works in one click from the email’s List-Unsubscribe header: that sender’s later invitations to that address are made but not emailed', async () => {
    const sender = await account('stopped');
    const other = await account('other-sender');
    const address = `stopper.${run}@example.com`;
    expect((await offer(sender, address, 'First')).body.invitation_emailed).toBe(true);
    const [invitation] = await invitationsTo(address);
    if (!invitation) throw new Error('no invitation');
    const { page, oneClick: url } = stopLinksOf(invitation);
    // The page in the body and the header carry the same token; nothing in it says the address.
    expect(page.pathname).toBe('/stop-invitation-emails');
    expect(url.pathname).toBe(`/stop-invitation-emails/${page.searchParams.get('token')}`);
    expect(url.href).not.toContain(encodeURIComponent(address));
    expect(url.href).not.toContain(address);

    expect(await oneClick(url)).toMatchObject({ status: 200, body: { message: invitationMessages.stopped } });
    // Used again (the page's own POST), it changes nothing and answers the same.
    expect(await post(undefined, url.pathname)).toMatchObject({ status: 200, body: { message: invitationMessages.stopped } });

    const later = await offer(sender, address, 'Second');
    expect(later).toMatchObject({ status: 201, body: { invitation_emailed: false } });
    const view = await apiRequest(cloud.apiUrl, { method: 'GET', path: `/contracts/${later.body.id}`, token: sender.token });
    expect(view.status).toBe(200);
    expect(await invitationsTo(address)).toHaveLength(1);

    // Only that sender: another's invitation to the address still goes, and the sender's to others too.
    expect((await offer(other, address, 'From someone else')).body.invitation_emailed).toBe(true);
    expect(await invitationsTo(address)).toHaveLength(2);
    expect((await offer(sender, `elsewhere.${run}@example.com`, 'Third')).body.invitation_emailed).toBe(true);

    // Once the address has an account, the sender's contracts still reach it in the app only.
    const owner = newTestUser('stopper');
    owner.email = address;
    expect((await signUp(cloud, owner)).status).toBe(201);
    await confirmByEmailedLink(cloud, owner);
    const person = await signedIn(owner);
    const byId = await offer(sender, person.sub, 'By User ID');
    expect(byId.status).toBe(201);
    const inbox = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/notifications', token: person.token });
    const notices = (inbox.json as { notifications: Array<{ contract_id?: string }> }).notifications;
    expect(notices.some((n) => n.contract_id === byId.body.id)).toBe(true);
    expect((await emailsTo(cloud.mailboxUrl, address)).filter((e) => /^New contract for you/.test(e.subject))).toHaveLength(0);
  });

  it('refuses a forged token, or one moved to another sender or address, with a 4xx, and stops nothing', async () => {
    const sender = await account('forger-victim');
    const impostor = await account('impostor');
    const [x, y] = [`forge.x.${run}@example.com`, `forge.y.${run}@example.com`];
    await offer(sender, x, 'To X');
    await offer(sender, y, 'To Y');
    const [tokenX, tokenY] = await Promise.all(
      [x, y].map(async (a) => {
        const [email] = await invitationsTo(a);
        if (!email) throw new Error(`no invitation to ${a}`);
        return stopLinksOf(email).page.searchParams.get('token') ?? '';
      }),
    );
    const [senderX, digestX, signatureX] = String(tokenX).split('.') as [string, string, string];
    const [, digestY, signatureY] = String(tokenY).split('.') as [string, string, string];
    const impostorPart = Buffer.from(impostor.sub).toString('base64url');
    const forged = [
      // Another sender with the signature of this one's.
      `${impostorPart}.${digestX}.${signatureX}`,
      // Another address with the signature of X's.
      `${senderX}.${digestY}.${signatureX}`,
      `${senderX}.${digestX}.${signatureY}`,
      // Made up, of the right shape.
      `${senderX}.${'A'.repeat(43)}.${'B'.repeat(43)}`,
      `${senderX}.${digestX}.${signatureX.slice(0, -1)}${signatureX.endsWith('A') ? 'B' : 'A'}`,
      // Malformed.
      'x',
      '..',
      `${tokenX}.extra`,
      `${senderX}..${signatureX}`,
      'A'.repeat(3_000),
      '%zz',
      '%00',
      encodeURIComponent('<script>'),
      encodeURIComponent('a.b.c/../../create-contract'),
    ];
    const stopsBefore = await snapshotTable((pk) => pk.startsWith('INVITE-STOP#'));
    for (const token of forged) {
      const answer = await post(undefined, `/stop-invitation-emails/${token}`, 'List-Unsubscribe=One-Click', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(answer.status, `${token.slice(0, 60)}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${token.slice(0, 60)}: ${answer.text}`).toBeLessThan(500);
    }
    const refused = await post(undefined, `/stop-invitation-emails/${impostorPart}.${digestX}.${signatureX}`);
    expect(refused).toMatchObject({ status: 400, body: { error: invitationMessages.badStopLink } });
    expect(await snapshotTable((pk) => pk.startsWith('INVITE-STOP#'))).toEqual(stopsBefore);
    // Nothing stopped: the sender's and the impostor's invitations to X still go.
    expect((await offer(sender, x, 'Again')).body.invitation_emailed).toBe(true);
    expect((await offer(impostor, x, 'Mine')).body.invitation_emailed).toBe(true);
  });

  it('is a public route with limits of its own, like the other public routes: a flood of it is refused 429, never 5xx', async () => {
    const route = routes.find((r) => r.name === 'stop-invitation-emails');
    const byHand = routes.find((r) => r.name === 'confirm-password-reset')?.throttle;
    expect(route).toMatchObject({ auth: 'public', method: 'POST', throttle: byHand });
    const token = `${'A'.repeat(10)}.${'A'.repeat(43)}.${'B'.repeat(43)}`;
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => apiRequest(cloud.apiUrl, { method: 'POST', path: `/stop-invitation-emails/${token}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 429 && s !== 400)).toEqual([]);
  });
});
