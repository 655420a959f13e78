import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { apiRequest } from '../support/http';
import { type SignedInPerson, signedInPerson, type TestUser } from '../support/identity';
import { emailsTo } from '../support/mailbox';
import { snapshotDiff, snapshotTable, type TableSnapshot } from '../support/table';
import { seedTargets } from '../support/targets';
import { type Access, allProbes, type Probe, probedRouteNames, probeFor, type Targets } from './route-probes';

/**
 * Who may call what, for every protected route of the route table × four callers: nobody signed
 * in, a stranger, the seller who owns the target (a contract the buyer accepted, paid and marked
 * completed; templates; a device; a notification) and the buyer, a party to that contract.
 * The cases come from the route probes, so a new route gets its cases without anyone writing them.
 */

type Person = SignedInPerson;

type Role = 'anonymous' | 'stranger' | 'owner' | 'party';
const roles: Role[] = ['anonymous', 'stranger', 'owner', 'party'];

/**
 * - 'unauthenticated': the gateway's 401, the handler never runs;
 * - 'refused': 403 or 404, the seller's things unchanged;
 * - 'allowed': a business answer (not 401, 403 or 404, not a 5xx);
 * - 'confined': acts on the caller's own account only: the seller's things unchanged.
 */
type Expectation = 'unauthenticated' | 'refused' | 'allowed' | 'confined';

function expectationOf(access: Access, role: Role): Expectation {
  if (role === 'anonymous') return 'unauthenticated';
  if (access === 'self') return role === 'owner' ? 'allowed' : 'confined';
  if (access === 'holder') return 'allowed';
  if (role === 'stranger') return 'refused';
  if (role === 'owner') return access === 'acceptor' || access === 'payer' ? 'refused' : 'allowed';
  return access === 'creator' ? 'refused' : 'allowed';
}

let cloud: LocalCloud;
let seller: Person;
let buyer: Person;
let stranger: Person;
let targets: Targets;
/** Texts only the seller's side knows, which a stranger's answer must never contain. */
let sellerSecrets: Record<string, string>;
const anonymous: Person = { token: '', accessToken: '', sub: '', user: { deviceId: 'anonymous-device' } as TestUser };

const person = (name: string): Promise<Person> => signedInPerson(cloud, name);

const call = (who: Person, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  apiRequest(cloud.apiUrl, { method, path, token: who.token, body, headers });

beforeAll(async () => {
  // Refunds settle at once: what an allowed call sets going (a settlement's refunds) is over before the next probe.
  cloud = await startLocalCloud({ flutterwave: { refundDecideMs: 50, transferDecideMs: 50 } });
  configureAmplify(cloud.config);
  stranger = await person('stranger');

  const seeded = await seedTargets(cloud);
  ({ seller, buyer, targets } = seeded);
  const { contractTitle, templateTitle } = seeded;
  const { contractId, templateId, spareTemplateId, notificationId, txRef } = targets;
  sellerSecrets = {
    'seller id': seller.sub,
    'seller email': seller.user.email,
    'seller device': seller.user.deviceId,
    'seller notification': notificationId,
    'contract id': contractId,
    'contract title': contractTitle,
    'template id': templateId,
    'template title': templateTitle,
    'spare template id': spareTemplateId,
    'payment reference': txRef,
  };
  await quiet();
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

// ---------------------------------------------------------------------------------------------
// The seller's things: every item of the seller's partitions, and the seller's mailbox.

interface SellerThings {
  items: TableSnapshot;
  mails: number;
}

async function sellerThings(): Promise<SellerThings> {
  const partitions = new Set([
    `USER#${targets.seller.sub}`,
    `EMAIL#${targets.seller.email}`,
    `CONTRACT#${targets.contractId}`,
    `LEDGER#${targets.contractId}`,
    `TEMPLATE#${targets.templateId}`,
    `TEMPLATE#${targets.spareTemplateId}`,
    `PAYMENT#${targets.txRef}`,
  ]);
  const items = await snapshotTable((pk) => partitions.has(pk));
  return { items, mails: (await emailsTo(cloud.mailboxUrl, targets.seller.email)).length };
}

/** Waits until two reads of the seller's things at least one poll apart agree (webhooks and the workflow run on their own clock). */
async function quiet(): Promise<void> {
  let last: SellerThings | undefined;
  await eventually(
    async () => {
      const now = await sellerThings();
      const same = last !== undefined && snapshotDiff(last.items, now.items).length === 0 && last.mails === now.mails;
      last = now;
      return same;
    },
    (same) => same,
  );
}

/** Items of the seller's that telling them about something changes (the unread count, the notifications). */
const tellingKeys = (key: string) =>
  key === `USER#${targets.seller.sub}|PROFILE` || key.startsWith(`USER#${targets.seller.sub}|NOTIF#`);

function expectUnchanged(before: SellerThings, after: SellerThings, probe: Probe) {
  const keep = (snapshot: TableSnapshot) =>
    probe.tellsOwner ? new Map([...snapshot].filter(([key]) => !tellingKeys(key))) : snapshot;
  expect(snapshotDiff(keep(before.items), keep(after.items)), "the seller's stored things").toEqual([]);
  if (!probe.tellsOwner) expect(after.mails, "the seller's mailbox").toBe(before.mails);
}

/** Which of the seller's secrets an answer shows, leaving out what the request itself carried. */
function revealed(text: string, request: string, only?: string[]): string[] {
  return Object.entries(sellerSecrets)
    .filter(([name]) => !only || only.includes(name))
    .filter(([, secret]) => !request.includes(secret) && text.includes(secret))
    .map(([name]) => name);
}

// ---------------------------------------------------------------------------------------------

const people = (): Record<Role, Person> => ({ anonymous, stranger, owner: seller, party: buyer });

interface Case {
  title: string;
  name: string;
  role: Role;
  expectation: Expectation;
}

const describeRoute = (probe: Probe) => `${probe.route.name} (${probe.route.method} ${probe.route.path})`;
const protectedProbes = allProbes().filter((p) => p.route.auth === 'protected');

function titleOf(probe: Probe, role: Role, expectation: Expectation): string {
  const route = describeRoute(probe);
  switch (expectation) {
    case 'unauthenticated':
      return `answers ${route} without a token with the gateway's 401`;
    case 'refused':
      return `refuses the ${role} ${route} with 403/404, changing and showing nothing of the seller's`;
    case 'confined':
      return `keeps the ${role}'s ${route} to their own account: the seller's things untouched${role === 'stranger' ? ' and unseen' : ''}`;
    case 'allowed':
      return probe.access === 'holder' && role !== 'owner'
        ? `lets the ${role} holding the id call ${route} without learning who the seller is`
        : `lets the ${role} call ${route} (a business answer, not 401/403/404)`;
  }
}

// Holder routes last: making a contract from the seller's template makes the caller a party to
// one of the seller's contracts, which would then rightly show in their own lists.
const cases: Case[] = [...protectedProbes]
  .sort((a, b) => Number(a.access === 'holder') - Number(b.access === 'holder'))
  .flatMap((probe) =>
    roles.map((role) => {
      const expectation = expectationOf(probe.access, role);
      return { title: titleOf(probe, role, expectation), name: probe.route.name, role, expectation };
    }),
  );

describe('the probes', () => {
  it('probe every route of the table, one-to-one, public exactly where the table says public', () => {
    expect([...probedRouteNames].sort()).toEqual(routes.map((r) => r.name).sort());
    for (const route of routes) expect(probeFor(route.name).access === 'public', route.name).toBe(route.auth === 'public');
    expect(cases).toHaveLength(protectedProbes.length * roles.length);
  });

  it('refuse to make up a probe for a route nobody wrote one for', () => {
    expect(() => probeFor('no-such-route')).toThrow(/not a route/);
  });
});

describe(`who may call what: ${protectedProbes.length} protected routes × ${roles.length} callers`, () => {
  // A loop rather than it.each: the reporter shows each title whole.
  for (const { title, name, role, expectation } of cases)
    it(title, async () => {
      const probe = probeFor(name);
      const who = people()[role];
      const request = probe.request(targets, { sub: who.sub, deviceId: who.user.deviceId });
      const before = await sellerThings();
      const answer = await call(who, probe.route.method, request.path, request.body, request.headers);
      const shown = `${answer.status} ${answer.text.slice(0, 300)}`;

      if (expectation === 'unauthenticated') {
        expect({ status: answer.status, body: answer.json }).toEqual({ status: 401, body: { message: 'Unauthorized' } });
        return;
      }
      if (expectation === 'refused') expect([403, 404], shown).toContain(answer.status);
      // Confined: whatever the caller's own account says (a 404 for the seller's device is right), but the session holds.
      else expect(expectation === 'allowed' ? [401, 403, 404] : [401], shown).not.toContain(answer.status);
      expect(answer.status, shown).toBeLessThan(500);

      if (role === 'stranger') {
        const sent = JSON.stringify(request);
        const onlyWho =
          probe.access === 'holder' ? ['seller id', 'seller email', 'seller device', 'seller notification'] : undefined;
        expect(revealed(answer.text, sent, onlyWho), `what the stranger's answer shows: ${shown}`).toEqual([]);
      }
      // Only the seller, and a party doing what a party may, change the seller's things.
      const mayChange = role === 'owner' || (role === 'party' && expectation === 'allowed' && probe.access !== 'holder');
      if (!mayChange) expectUnchanged(before, await sellerThings(), probe);
      // What an allowed call set going (a cancellation's refunds, the workflow's next step) settles before the next probe.
      else await quiet();
    });
});
