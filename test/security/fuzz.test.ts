import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdHeader } from '../../lambdas/core/api/http';
import { workflowTokenKey } from '../../lambdas/core/entities/workflow-token';
import { grantsOf } from '../../lambdas/routes';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { type ApiAnswer, apiRequest } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { snapshotDiff, snapshotTable, type TableSnapshot, withoutBackgroundItems } from '../support/table';
import { allProbes, type Caller, type Probe, type Targets } from './route-probes';

/**
 * Every route of the table fuzzed with fast-check: arbitrary JSON, the route's own field names
 * with wrong types, huge and odd strings and numbers, malformed JSON, wrong content types, junk
 * and malformed %-escapes in path parameters, now and then a huge body, and one body over the
 * API's 10 MB cap. Protected routes are called with a valid token of the stranger or the seller.
 * Properties: never a 5xx; never a 401 on a signed-in route (its caller's session is live); a
 * refusal is JSON with an `error` (or the gateway's own `message`); a reply is JSON; and a
 * refusal changes nothing stored.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> changes the inputs per route (200); FUZZ_SHRINK=1
 * shrinks a failure to its smallest input instead of reporting the first one found.
 */

const numRuns = Number(process.env.FUZZ_RUNS ?? 200);
/** One seed for the file, printed in the summary, so any run can be replayed with FUZZ_SEED. */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

type Person = SignedInPerson;

let cloud: LocalCloud;
let seller: Person;
let stranger: Person;
let targets: Targets;
const startedAt = performance.now();

const person = (name: string): Promise<Person> => signedInPerson(cloud, name);

beforeAll(async () => {
  // Its inputs are for the handlers: a public route's own limit would answer most of them 429 first.
  cloud = await startLocalCloud({ routeThrottles: false });
  configureAmplify(cloud.config);
  seller = await person('seller');
  stranger = await person('stranger');
  const buyer = await person('buyer');
  const post = async (who: Person, path: string, body: unknown) => {
    const answer = await apiRequest(cloud.apiUrl, { method: 'POST', path, token: who.token, body });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return answer.json as { id: string };
  };
  // The seller's contract, accepted by the buyer (so no fuzzed delete can remove it), and templates.
  const { id: contractId } = await post(seller, '/create-contract', {
    acceptorId: buyer.sub,
    title: 'Wedding cake',
    description: 'Three tiers',
    value: '2500',
    currency: 'NGN',
  });
  await post(buyer, '/accept-contract', { contractId });
  const template = { title: 'T-shirt', description: 'Printed', base_price: '1500', currency: 'NGN' };
  const { id: templateId } = await post(seller, '/templates', template);
  const { id: spareTemplateId } = await post(seller, '/templates', template);
  const inbox = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/notifications', token: seller.token });
  const notificationId = (inbox.json as { notifications: Array<{ id: string }> }).notifications[0]?.id ?? 'none';
  targets = {
    seller: { sub: seller.sub, email: seller.user.email, deviceId: seller.user.deviceId, answer: seller.user.answer },
    buyer: { sub: buyer.sub },
    contractId,
    templateId,
    spareTemplateId,
    notificationId,
    txRef: `escrow-${contractId}-none`,
    evidenceFileId: '01EVIDENCE0000000000000000',
  };
  // The accepted contract's execution stores its funding token on its own clock: let it land first.
  await eventually(
    () => snapshotTable((pk, sk) => pk === workflowTokenKey(contractId, 'funding').PK && sk.startsWith('TASK#')),
    (items) => items.size > 0,
  );
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  const total = tallies.reduce((sum, t) => sum + t.inputs, 0);
  const seconds = Math.round((performance.now() - startedAt) / 1000);
  const fivexx = tallies.reduce((sum, t) => sum + t.fivexx, 0);
  const failing = tallies.filter((t) => t.fivexx > 0).map((t) => t.route);
  const replayed = tallies.filter((t) => t.tableCheck === 'replayed').length;
  const unchecked = tallies.filter((t) => t.tableCheck === 'not checked').map((t) => t.route);
  if (process.env.FUZZ_VERBOSE) for (const t of tallies) console.log(`${t.route}: ${JSON.stringify(t.statuses)} ${t.tableCheck}`);
  console.log(
    `fuzz: ${tallies.length} routes × ${numRuns} inputs (+1 oversized body each) = ${total} inputs; ` +
      `5xx: ${fivexx}${failing.length ? ` (${failing.join(', ')})` : ''}; ` +
      `table compared after ${tallies.length - unchecked.length} routes (${replayed} by replaying their refusals)` +
      `${unchecked.length ? `, not checkable: ${unchecked.join(', ')}` : ''}; seed ${seed}; ${seconds} s`,
  );
});

// ---------------------------------------------------------------------------------------------
// Inputs

interface FuzzInput {
  who: 'stranger' | 'seller';
  path: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** Printable ASCII, what a header value may carry. */
const headerText = fc.string({
  unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))),
  maxLength: 60,
});

const bigText = 'a'.repeat(1_500_000);
const bigUnicode = 'é😀'.repeat(200_000);
const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;

/** Values that break parsers, number handling and string limits. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    -0,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    1.005,
    0.1 + 0.2,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-0',
    '0x10',
    '1_000',
    ' 12 ',
    '١٢٣',
    '12.345',
    '99999999999999999999999',
    '1000000000.01',
    '',
    ' ',
    '\u0000',
    '\u202e',
    '<script>alert(1)</script>',
    "' OR '1'='1",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell-style payload, meant literally.
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    true,
    null,
    [],
    {},
  ),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.double(),
  fc.bigInt().map(String),
  fc.jsonValue({ maxDepth: 3 }),
);

const hugeValue = fc.constantFrom<unknown>(bigText, bigUnicode);

/** An object with the field names of `sample` (nested too), each kept, dropped or given a wrong value. */
function shapedLike(sample: unknown, depth = 0): fc.Arbitrary<unknown> {
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { arbitrary: fc.constant(sample), weight: 3 },
    { arbitrary: oddValue, weight: 4 },
  ];
  if (sample && typeof sample === 'object' && !Array.isArray(sample) && depth < 3) {
    const fields = Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, shapedLike(value, depth + 1)]));
    options.push({ arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 6 });
    // The right names plus ones nobody asked for.
    options.push({
      arbitrary: fc
        .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 3 }))
        .map(([known, extra]) => ({ ...extra, ...(known as object) })),
      weight: 2,
    });
  }
  return fc.oneof(...options);
}

/** What the body of a request is made of, for a route whose well-formed body is `sample`. */
function bodyText(sample: Record<string, unknown> | undefined): fc.Arbitrary<string | Buffer | undefined> {
  const shaped = shapedLike(sample ?? {});
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: shaped.map((value) => JSON.stringify(value) ?? 'null'), weight: 10 },
    { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 4 },
    // Malformed JSON: a well-shaped body cut short, or text that is almost JSON.
    {
      arbitrary: fc.tuple(shaped, fc.nat()).map(([value, cut]) => {
        const text = JSON.stringify(value) ?? '';
        return text.slice(0, text.length ? cut % text.length : 0);
      }),
      weight: 3,
    },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"a":1,}',
        "{'a':1}",
        'NaN',
        'undefined',
        '\uFEFF{}',
        '{"a":1}{"b":2}',
        '{"a":"\\ud800"}',
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        deepArray,
        'a=1&b=2',
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
      ),
      weight: 3,
    },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }), weight: 2 },
    { arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
    // Now and then a huge body: a well-named field holding 1.5 MB.
    {
      arbitrary: fc
        .tuple(shaped, hugeValue)
        .map(([value, huge]) =>
          JSON.stringify(
            value && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...hugeFieldOf(sample, huge) } : huge,
          ),
        ),
      weight: 1,
    },
  );
}

function hugeFieldOf(sample: Record<string, unknown> | undefined, huge: unknown): Record<string, unknown> {
  const name = Object.keys(sample ?? {})[0] ?? 'value';
  return { [name]: huge };
}

/** A path parameter: the real one, junk (encoded), too long, or a malformed %-escape sent as it is. */
const pathParam = (real: string) =>
  fc.oneof(
    { arbitrary: fc.constant(real), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent), weight: 4 },
    {
      arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
      weight: 1,
    },
    { arbitrary: fc.string({ minLength: 129, maxLength: 3_000 }).map(encodeURIComponent), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%C0%AF',
        '%00',
        '..',
        '%2e%2e',
        '%2F',
        'a%',
        '%%',
        '%ff%fe',
        '%u0041',
        '',
      ),
      weight: 3,
    },
  );

/** Mostly JSON, so most inputs get past the media-type check to the validation and the rules behind it. */
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 14 },
  { arbitrary: fc.constantFrom('application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json'), weight: 2 },
  { arbitrary: fc.constant(undefined), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-16',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      'application/xml',
      '*/*',
    ),
    weight: 2,
  },
  { arbitrary: headerText, weight: 1 },
);

function inputsFor(probe: Probe): fc.Arbitrary<FuzzInput> {
  const sample = probe.request(targets, callerOf(seller));
  const params = [...probe.route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  // The real value of each parameter, read back from the probe's well-formed path.
  const pattern = new RegExp(`^${probe.route.path.replace(/\{\w+\}/g, '([^/]+)')}$`);
  const realValues = pattern.exec(sample.path)?.slice(1) ?? params.map(() => 'x');
  const path = fc
    .tuple(
      fc.tuple(...realValues.map((value) => pathParam(value))),
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 4 },
        { arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })), weight: 1 },
      ),
    )
    .map(([values, query]) => {
      let i = 0;
      const filled = probe.route.path.replace(/\{\w+\}/g, () => values[i++] ?? '');
      return query ? `${filled}?${encodeURIComponent(query[0])}=${encodeURIComponent(query[1])}` : filled;
    });
  const webhookHeaders =
    probe.route.name === 'flutterwave-webhook'
      ? fc.option(
          headerText.map((hash) => ({ 'verif-hash': hash })),
          { nil: {} },
        )
      : fc.constant({});
  return fc
    .record({
      who: fc.constantFrom<FuzzInput['who']>('stranger', 'seller'),
      path: path,
      contentType,
      deviceId: fc.oneof(fc.constant(undefined), fc.constant(seller.user.deviceId), headerText),
      extra: webhookHeaders,
      body: bodyText(sample.body),
    })
    .map(({ who, path, contentType, deviceId, extra, body }) => {
      const headers: Record<string, string> = { ...(extra ?? {}) };
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (deviceId) headers[deviceIdHeader] = deviceId;
      return described({ who, path, headers, body });
    });
}

/** The oversized body every route gets once: over the API's 10 MB payload cap. */
const oversized = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');

/** How fast-check prints an input in a failure: long texts shortened. */
function described(input: FuzzInput): FuzzInput {
  const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} characters)` : s);
  return Object.assign(input, {
    [fc.toStringMethod]: () =>
      JSON.stringify({
        who: input.who,
        path: short(input.path),
        headers: input.headers,
        body: Buffer.isBuffer(input.body)
          ? `<${input.body.length} bytes>`
          : input.body === undefined
            ? undefined
            : short(input.body),
      }),
  });
}

const callerOf = (who: Person): Caller => ({ sub: who.sub, deviceId: who.user.deviceId });

// ---------------------------------------------------------------------------------------------
// Properties

interface Tally {
  route: string;
  inputs: number;
  fivexx: number;
  /** How many answers had each status (printed with FUZZ_VERBOSE=1). */
  statuses: Record<number, number>;
  tableCheck: 'compared' | 'replayed' | 'not checked';
}
const tallies: Tally[] = [];

function send(probe: Probe, input: FuzzInput): Promise<ApiAnswer> {
  const token = probe.route.auth === 'protected' ? (input.who === 'seller' ? seller : stranger).token : undefined;
  return apiRequest(cloud.apiUrl, {
    method: probe.route.method,
    path: input.path,
    token,
    headers: input.headers,
    body: input.body,
  });
}

/** What the HTTP API itself answers before any function runs. */
const gatewayRefusals: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' };

/**
 * The answer breaks no property; returns why it does, if it does. On a signed-in route the caller's
 * session is live throughout, so a 401 (which the web takes as "your session is over" and signs
 * the person out with) is never right there, whatever the input: a wrong PIN or answer is a 400.
 */
function violation(answer: ApiAnswer, signedIn: boolean): string | undefined {
  if (answer.status >= 500) return 'a 5xx';
  if (signedIn && answer.status === 401) return 'a 401 to a live session';
  if (answer.status < 400) return answer.json === undefined ? 'a reply that is not JSON' : undefined;
  const body = answer.json as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error === 'string') return undefined;
  // The gateway's own refusals (a malformed path, no token, no route) say `message`; a 413 may be plain.
  if (body?.message !== undefined && body.message === gatewayRefusals[answer.status]) return undefined;
  if (answer.status === 413) return undefined;
  return 'a refusal without an `error` text';
}

const tableNow = () => snapshotTable(withoutBackgroundItems);

/**
 * The table once it has stopped changing. After activity (an accepted input may start an
 * execution, which stores its token on its own clock) two reads at least one poll apart must agree.
 */
async function settledTable(afterActivity: boolean): Promise<TableSnapshot> {
  let last = afterActivity ? undefined : await tableNow();
  const settled = await eventually(
    async () => {
      const now = await tableNow();
      const same = last !== undefined && snapshotDiff(last, now).length === 0;
      last = now;
      return { same, now };
    },
    ({ same }) => same,
  );
  return settled.now;
}

/** Sends inputs a few at a time (modest concurrency); returns how many were accepted. */
async function replay(probe: Probe, inputs: FuzzInput[]): Promise<number> {
  let accepted = 0;
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++];
      if (input && (await send(probe, input)).status < 400) accepted += 1;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return accepted;
}

const probes = allProbes();
let previousAccepted = true;

describe(`fuzzing every route of the table (${numRuns} inputs each)`, () => {
  for (const probe of probes) {
    const { name, method, path } = probe.route;
    it(`never answers ${name} (${method} ${path}) with a 5xx (nor a live session with a 401), always explains a refusal in JSON, and changes nothing when it refuses`, async () => {
      const tally: Tally = { route: name, inputs: 0, fivexx: 0, statuses: {}, tableCheck: 'not checked' };
      tallies.push(tally);
      const before = await settledTable(previousAccepted);
      const refused: FuzzInput[] = [];
      let accepted = 0;
      previousAccepted = true; // until this route is through

      const oversizedInput = described({
        who: 'stranger',
        path: probe.request(targets, callerOf(seller)).path,
        headers: {},
        body: oversized,
      });
      await fc.assert(
        fc.asyncProperty(inputsFor(probe), async (input) => {
          const answer = await send(probe, input);
          tally.inputs += 1;
          tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
          if (answer.status >= 500) tally.fivexx += 1;
          if (answer.status >= 400) refused.push(input);
          else accepted += 1;
          const broken = violation(answer, probe.route.auth === 'protected');
          if (broken) expect.fail(`${name} gave ${broken}: ${answer.status} ${answer.text.slice(0, 500)}`);
        }),
        { numRuns, seed, endOnFailure: !process.env.FUZZ_SHRINK, examples: [[oversizedInput]] },
      );

      // A route that may not write never changes anything; one that may, only by what it accepted.
      const after = await settledTable(true);
      const mayWrite = grantsOf(probe.route).table === 'readWrite';
      if (!mayWrite || accepted === 0) {
        expect(snapshotDiff(before, after), `what ${name} changed while refusing`).toEqual([]);
        tally.tableCheck = 'compared';
        previousAccepted = accepted > 0;
        return;
      }
      // Some inputs were accepted: send the refused ones again, alone, and compare around them.
      const acceptedOnReplay = await replay(probe, refused);
      if (acceptedOnReplay === 0) {
        expect(snapshotDiff(after, await settledTable(true)), `what ${name}'s refused inputs changed`).toEqual([]);
        tally.tableCheck = 'replayed';
      }
    });
  }
});
