/**
 * `npm run bench -- load`: the API under load. `BENCH_LOAD_CLIENTS` connections (50) of autocannon,
 * in a process of its own (scripts/load-generator.ts), send requests back to back for
 * `BENCH_LOAD_SECONDS` (20) to a read route (`GET /contracts/{id}`, the seller reading one
 * contract), a money route (`POST /get-payment-status`, the buyer's checkout polling a bank
 * transfer not yet paid) and a write route (`POST /create-contract`); then as many loops ask
 * DynamoDB Local itself, for as long, what those routes ask of it: GetItem of the same contract
 * item, and TransactWriteItems of the items create-contract writes. Each phase follows a few
 * seconds of the same load, unmeasured. Printed: requests, rate, p50 / p95 / p99, what did not
 * succeed, and how busy the API's process and the load's were.
 *
 * The budget (../shared/ARCHITECTURE.md, performance), printed next to the figure and never asserted: API p95 <= 1.2x the database's
 * p95 for the same number of round trips. Round trips are counted, not assumed: before each load,
 * 20 requests one at a time, with every AWS call their handler makes (scripts/aws-calls.ts); calls
 * that overlap are one round trip (the session check reads the profile and asks Cognito side by
 * side). The database baseline gives each read round trip (GetItem, BatchGetItem, Query, Cognito's
 * AdminGetUser) GetItem's p95 and each write (UpdateItem, PutItem, TransactWriteItems) the
 * transaction's: a generous baseline, since a sum of p95s assumes every step meets the slow tail,
 * and a conditional UpdateItem costs less than a three-item transaction. The poll asks the
 * provider at most once every 4 s (services/payments/status.ts): that call is not a database
 * round trip, and the counted requests, one at a time, meet it once.
 *
 * What shares what: the HTTP API, the route handlers and local Cognito (which answers
 * AdminGetUser) run in this one Node process; the load comes from autocannon's; DynamoDB Local is a
 * Java process; all on the same machine (2 cores here). The database loops run from this process
 * (SDK signing and parsing included, as in the handlers) while the API is idle. In AWS every Lambda
 * has a CPU of its own and Cognito is not in it.
 *
 * Seeding is not measured. People sign up, confirm their email and sign in one at a time, as the
 * tests do. create-contract refuses (429) a creator's 201st contract in an hour and the 51st named
 * for one person, and names only people who exist: the writers are enough for the write phase at
 * the read phase's rate (a write does all a read does and more) and half again, each creating for
 * several others in turn, and no ticket past a limit is handed out; were they used up the phase
 * would end early and say so. The sign-ups stay under their limit per address (100 an hour).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransferAccountResponse } from '../lambdas/core/api/payments';
import { formatAmount } from '../lambdas/core/domain/money';
import { throttles } from '../lambdas/core/domain/throttle-rules';
import { contractKey, contractPut } from '../lambdas/core/entities/contract';
import { notificationItems } from '../lambdas/core/entities/notification';
import { userKey } from '../lambdas/core/entities/profile';
import type { TransactItem } from '../lambdas/core/entities/table';
import { newContract } from '../lambdas/core/services/contracts';
import { type LocalCloud, localStage, startLocalCloud } from '../lib/local/index';
import { configureAmplify } from '../test/support/amplify';
import { apiRequest } from '../test/support/http';
import { type SignedInPerson, signedInPerson } from '../test/support/identity';
import { type AwsCall, watchAwsCalls } from './aws-calls';
import type { LoadOutcome, LoadPlan, LoadRequest } from './load-generator';
import { printTable } from './print-table';
import { runProgram } from './programs';

const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
/**
 * Each phase first runs this long unmeasured at the same load: the first seconds of a cold
 * process (new connections, V8 and DynamoDB Local's JIT still compiling) put a tail of seconds
 * on p99 that the steady state does not have.
 */
const warmupSeconds = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 5);
/** Requests one at a time per route before its load: round trips counted, and the code paths warm. */
const countedRequests = 20;
/** The writers' room over the write rate the read phase suggests. */
const writerMargin = 1.5;
// ARCHITECTURE.md's budget. It is meant for 50 clients in a separate process (autocannon); here
// they share the API's process, which only makes the API's figure worse.
const ratioBudget = 1.2;
/** Where the database loops write: keys no product item has. */
const benchPrefix = 'BENCH#';
const contractValues = ['2500', '18000.50', '750'];
const description = 'Three tiers, delivered Saturday';

/** What one operation came to: null when it succeeded, else what to count it as (a status, an error's name). */
type Failure = string | null;

interface LoadResult {
  /** Every operation's latency in ms, ascending. */
  latencies: number[];
  failures: Map<string, number>;
  /** From the first operation sent to the last answered. */
  seconds: number;
  /** This process's event loop utilisation meanwhile (0..1). */
  busy: number;
  /** This process's CPU time over the wall time (1 = one core): below `busy`, other processes had the CPU. */
  cpu: number;
  /** The load generator's CPU time over the wall time, when the load came from outside. */
  generatorCpu?: number;
  /** The operations ran out before the time did (no write left under create-contract's limits). */
  endedEarly: boolean;
}

/** What one request of a route asks of AWS, on average over the counted requests. */
interface RouteProfile {
  /** `service operation` -> calls per request. */
  calls: Map<string, number>;
  /** Round trips per request: calls one after another, overlapping calls counted once. */
  reads: number;
  writes: number;
}

export async function benchLoad(): Promise<void> {
  const cloud = await startLocalCloud();
  const apiAgent = new Agent({ keepAlive: true, maxSockets: clients });
  const dbAgent = new Agent({ keepAlive: true, maxSockets: clients });
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: cloud.dynamodbEndpoint,
      region: localStage.region,
      credentials: cloud.credentials,
      requestHandler: { httpAgent: dbAgent },
    }),
  );
  try {
    configureAmplify(cloud.config);
    const seedStarted = performance.now();
    const seller = await signedInPerson(cloud, 'seller');
    const buyer = await signedInPerson(cloud, 'buyer');
    const created = await apiRequest(cloud.apiUrl, {
      method: 'POST',
      path: '/create-contract',
      token: seller.token,
      body: {
        acceptorId: buyer.sub,
        title: 'Bench load: the contract everyone reads',
        description,
        value: '2500',
        currency: 'NGN',
      },
    });
    if (created.status !== 201) throw new Error(`the read target was refused: ${created.status} ${created.text}`);
    const contractId = (created.json as { id: string }).id;
    let seedSeconds = (performance.now() - seedStarted) / 1000;

    const api = apiClient(cloud, apiAgent);
    const readPath = `/contracts/${contractId}`;
    const readProfile = await profileRoute(() => api('GET', readPath, seller.token));
    const read = await fromOutside(cloud, [{ method: 'GET', path: readPath, headers: bearer(seller.token) }], true);

    // The money route: the buyer's checkout polling a bank transfer not yet paid, as it does every 5 s.
    const accepted = await apiRequest(cloud.apiUrl, {
      method: 'POST',
      path: '/accept-contract',
      token: buyer.token,
      body: { contractId },
    });
    if (accepted.status !== 200) throw new Error(`the buyer could not accept: ${accepted.status} ${accepted.text}`);
    const account = await apiRequest(cloud.apiUrl, {
      method: 'POST',
      path: '/generate-transfer-account',
      token: buyer.token,
      body: { contractId },
    });
    if (account.status !== 200) throw new Error(`no transfer account: ${account.status} ${account.text}`);
    const poll = { txRef: (account.json as TransferAccountResponse).txRef };
    const pollProfile = await profileRoute(() => api('POST', '/get-payment-status', buyer.token, poll));
    const polled = await fromOutside(cloud, [jsonRequest('/get-payment-status', buyer.token, poll)], true);

    const writersStarted = performance.now();
    const writers = await seedWriters(cloud, read.latencies.length / read.seconds);
    seedSeconds += (performance.now() - writersStarted) / 1000;
    const nextWrite = writeTickets(writers);
    const writeBody = (ticket: NonNullable<ReturnType<typeof nextWrite>>) => ({
      acceptorId: ticket.acceptor.sub,
      title: `Bench load contract ${ticket.number}`,
      description,
      value: contractValues[ticket.number % contractValues.length],
      currency: 'NGN',
    });
    const writeProfile = await profileRoute(() => {
      const ticket = nextWrite();
      return ticket ? api('POST', '/create-contract', ticket.creator.token, writeBody(ticket)) : undefined;
    });
    // Every write left under the limits, each sent once: autocannon's connections take them in turn.
    const writes: LoadRequest[] = [];
    for (let ticket = nextWrite(); ticket; ticket = nextWrite())
      writes.push(jsonRequest('/create-contract', ticket.creator.token, writeBody(ticket)));
    const written = await fromOutside(cloud, writes, false);

    const getItem = await underLoad(() =>
      outcome(
        db
          .send(
            new GetCommand({
              TableName: localStage.tableName,
              Key: contractKey(contractId),
              ConsistentRead: true,
              ReturnConsumedCapacity: 'TOTAL',
            }),
          )
          .then(({ Item }) => (Item ? null : 'not found')),
      ),
    );
    // The notification's +1 needs a profile to count on; one per loop, so the loops do not queue on one item.
    for (let client = 0; client < clients; client++) {
      const sub = benchSub(client);
      await db.send(new PutCommand({ TableName: localStage.tableName, Item: { ...underBench(userKey(sub)), sub } }));
    }
    const transaction = await underLoad((client) =>
      outcome(
        db
          .send(
            new TransactWriteCommand({
              TransactItems: createContractItems(benchSub(client), benchSub(client + 1)).map(underBenchItem),
              ReturnConsumedCapacity: 'TOTAL',
            }),
          )
          .then(() => null),
      ),
    );

    report({
      seedSeconds,
      people: 2 + writers.length,
      writers: writers.length,
      routes: [
        { name: 'GET /contracts/{id}', profile: readProfile, load: read },
        { name: 'POST /create-contract', profile: writeProfile, load: written },
        { name: 'POST /get-payment-status', profile: pollProfile, load: polled },
      ],
      database: { getItem, transaction },
    });
  } finally {
    apiAgent.destroy();
    db.destroy();
    dbAgent.destroy();
    await cloud.stop();
  }
}

/**
 * One API request over the shared kept-alive agent, its whole body read; a status outside 2xx (or
 * a broken connection) is a failure. Plain node:http: fetch's per-request cost would be the
 * client's, not the API's.
 */
function apiClient(cloud: LocalCloud, agent: Agent) {
  const base = new URL(cloud.apiUrl);
  return (method: string, path: string, token: string, body?: unknown): Promise<Failure> => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    return new Promise((resolve) => {
      const req = request({ agent, host: base.hostname, port: base.port, method, path, headers }, (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => resolve(status >= 200 && status < 300 ? null : String(status)));
        res.on('error', (error) => resolve(error.name));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name));
      req.end(payload);
    });
  };
}

/** A request's authorization header. */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const jsonRequest = (path: string, token: string, body: unknown): LoadRequest => ({
  method: 'POST',
  path,
  headers: { ...bearer(token), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * One phase of API load from a separate process (scripts/load-generator.ts, autocannon): `clients`
 * connections, {@link warmupSeconds} unmeasured and then `seconds` measured. Meanwhile this
 * process, which serves the API, runs its handlers and answers for local Cognito, measures how
 * busy it was. `reuse`: send the requests in turn again and again; otherwise each once.
 */
async function fromOutside(cloud: LocalCloud, requests: LoadRequest[], reuse: boolean): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-load-'));
  const planFile = join(dir, 'plan.json');
  const plan: LoadPlan = { url: cloud.apiUrl, connections: clients, seconds, warmupSeconds, requests, reuse };
  writeFileSync(planFile, JSON.stringify(plan));
  const generator = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
  const utilisation = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    // The flags this process runs TypeScript with (tsx's loader), for the generator's TypeScript too.
    const { stdout } = await runProgram(process.execPath, [...process.execArgv, generator, planFile], process.env);
    const elapsed = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    const outcome = JSON.parse(stdout) as LoadOutcome;
    return {
      latencies: outcome.latencies,
      failures: new Map(Object.entries(outcome.failures)),
      seconds: outcome.seconds,
      busy: performance.eventLoopUtilization(utilisation).utilization,
      cpu: (user + system) / 1000 / elapsed,
      generatorCpu: outcome.cpu,
      endedEarly: outcome.endedEarly,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A database call's failure by its error's name (e.g. a transaction DynamoDB Local cancelled). */
function outcome(call: Promise<Failure>): Promise<Failure> {
  return call.catch((error: Error) => error.name);
}

type Operation = (client: number) => Promise<Failure> | undefined;

/** One phase: {@link warmupSeconds} of load, discarded, then `seconds` measured. */
async function underLoad(operation: Operation): Promise<LoadResult> {
  await loops(operation, warmupSeconds);
  return loops(operation, seconds);
}

/**
 * `clients` loops, each sending its next operation as soon as the last is answered, for `duration` s.
 * `operation` returns undefined when there is nothing left to send (writes past the limits).
 */
async function loops(operation: Operation, duration: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let endedEarly = false;
  const utilisation = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const pending = operation(client);
        if (!pending) {
          endedEarly = true;
          return;
        }
        const failure = await pending;
        latencies.push(performance.now() - sent);
        if (failure !== null) failures.set(failure, (failures.get(failure) ?? 0) + 1);
      }
    }),
  );
  const elapsed = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  return {
    latencies: latencies.sort((a, b) => a - b),
    failures,
    seconds: elapsed / 1000,
    busy: performance.eventLoopUtilization(utilisation).utilization,
    cpu: (user + system) / 1000 / elapsed,
    endedEarly,
  };
}

/**
 * Sends {@link countedRequests} requests one at a time and sorts the AWS calls each one's handler
 * made into round trips. A call's start is its end less its duration; a call that starts before
 * the previous one ended ran beside it, so they are one round trip (a write if either writes: uses
 * write units).
 */
async function profileRoute(send: Operation): Promise<RouteProfile> {
  let current: Array<AwsCall & { start: number; end: number }> = [];
  const stop = watchAwsCalls((call) => {
    const end = performance.now();
    current.push({ ...call, start: end - call.ms, end });
  });
  const calls = new Map<string, number>();
  let reads = 0;
  let writes = 0;
  try {
    for (let i = 0; i < countedRequests; i++) {
      current = [];
      const failure = await send(0);
      if (failure !== null) throw new Error(`a counted request failed: ${failure ?? 'nothing left to send'}`);
      let tripEnd = Number.NEGATIVE_INFINITY;
      let tripWrites = false;
      const closeTrip = () => {
        if (tripEnd === Number.NEGATIVE_INFINITY) return;
        if (tripWrites) writes++;
        else reads++;
      };
      for (const call of current.sort((a, b) => a.start - b.start)) {
        const name = `${call.service} ${call.operation}`;
        calls.set(name, (calls.get(name) ?? 0) + 1);
        if (call.start >= tripEnd) {
          closeTrip();
          tripWrites = false;
        }
        tripEnd = Math.max(tripEnd, call.end);
        tripWrites ||= call.writeUnits > 0;
      }
      closeTrip();
    }
  } finally {
    stop();
  }
  const perRequest = (n: number) => n / countedRequests;
  return {
    calls: new Map([...calls].map(([name, n]) => [name, perRequest(n)])),
    reads: perRequest(reads),
    writes: perRequest(writes),
  };
}

/**
 * Signs up the people who create contracts for each other in the write phase, enough for
 * `readRate` writes a second (a write does more than a read, so no faster) with {@link writerMargin}
 * to spare; at least enough that each creator has others to name, at most what the sign-up limit
 * per address leaves after the seller and the buyer.
 */
async function seedWriters(cloud: LocalCloud, readRate: number): Promise<SignedInPerson[]> {
  const perCreator = throttles.contractsByCreator.limit;
  const needed = Math.ceil((countedRequests + readRate * writerMargin * (warmupSeconds + seconds)) / perCreator);
  const count = Math.min(throttles.signupFromAddress.limit - 2, Math.max(acceptorsPerCreator() + 1, needed));
  const writers: SignedInPerson[] = [];
  for (let i = 0; i < count; i++) writers.push(await signedInPerson(cloud, `writer${i}`));
  return writers;
}

/** How many people each creator names in turn, so its own limit is reached before any pair's. */
const acceptorsPerCreator = () => Math.ceil(throttles.contractsByCreator.limit / throttles.contractsForPerson.limit);

/**
 * Hands out (creator, acceptor) pairs for create-contract, creators in turn and each creator's
 * acceptors in turn, never more than the limits allow in an hour; then undefined.
 */
function writeTickets(writers: SignedInPerson[]) {
  const acceptors = acceptorsPerCreator();
  const total = writers.length * throttles.contractsByCreator.limit;
  let number = 0;
  return () => {
    if (number >= total) return undefined;
    const creator = number % writers.length;
    const round = Math.floor(number / writers.length);
    const acceptor = (creator + 1 + (round % acceptors)) % writers.length;
    number++;
    return { number, creator: writers[creator] as SignedInPerson, acceptor: writers[acceptor] as SignedInPerson };
  };
}

/** The items create-contract writes in its transaction, made by the same entity functions. */
function createContractItems(creatorId: string, acceptorId: string): TransactItem[] {
  const now = new Date().toISOString();
  const contract = newContract({
    event: 'create',
    creatorId,
    acceptorId,
    title: 'Bench load contract 1000',
    description,
    valueMinor: 250_000,
    currency: 'NGN',
    now,
  });
  const amount = formatAmount(contract.value_minor, contract.currency);
  const body = `Bench Writer created the contract "${contract.title}" for you (${amount}). Contract ID: ${contract.id}`;
  return [contractPut(contract), ...notificationItems(acceptorId, 'New contract', body, now)];
}

/** The made-up person of a database loop: it creates for the next loop's person, who is told. */
const benchSub = (client: number) => `bench-load-${client % clients}`;

const underBench = <K extends { PK: unknown }>(key: K): K => ({ ...key, PK: `${benchPrefix}${String(key.PK)}` });

/** A transaction item moved under {@link benchPrefix}, its condition and size unchanged. */
function underBenchItem(item: TransactItem): TransactItem {
  if (item.Put?.Item) return { Put: { ...item.Put, Item: underBench(item.Put.Item as { PK: unknown }) } };
  if (item.Update?.Key) return { Update: { ...item.Update, Key: underBench(item.Update.Key as { PK: unknown }) } };
  throw new Error('create-contract writes only puts and updates');
}

/** The nearest-rank percentile of ascending values. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function loadRow(name: string, load: LoadResult): string[] {
  const failed = [...load.failures.values()].reduce((sum, n) => sum + n, 0);
  const kinds = [...load.failures].map(([what, n]) => `${what}: ${n}`).join(', ');
  return [
    name,
    String(load.latencies.length),
    (load.latencies.length / load.seconds).toFixed(1),
    ms(percentile(load.latencies, 50)),
    ms(percentile(load.latencies, 95)),
    ms(percentile(load.latencies, 99)),
    failed ? `${failed} (${kinds})` : '0',
    `${(load.busy * 100).toFixed(0)}%`,
    `${(load.cpu * 100).toFixed(0)}%`,
    load.generatorCpu === undefined ? '-' : `${(load.generatorCpu * 100).toFixed(0)}%`,
    load.endedEarly ? `writes used up after ${load.seconds.toFixed(1)} s` : '',
  ];
}

function report(results: {
  seedSeconds: number;
  people: number;
  writers: number;
  routes: Array<{ name: string; profile: RouteProfile; load: LoadResult }>;
  database: { getItem: LoadResult; transaction: LoadResult };
}): void {
  const { getItem, transaction } = results.database;
  const readP95 = percentile(getItem.latencies, 95);
  const writeP95 = percentile(transaction.latencies, 95);

  console.log(
    `\nNode ${process.version}, ${availableParallelism()} CPUs, ${clients} clients, ${seconds} s a phase after ${warmupSeconds} s unmeasured`,
  );
  console.log(
    `seeded in ${results.seedSeconds.toFixed(0)} s, not measured: ${results.people} people (the seller and buyer of the contract read, ${results.writers} who create contracts for each other)\n`,
  );
  console.log(`AWS calls per request (${countedRequests} requests one at a time):\n`);
  printTable(
    ['route', 'DynamoDB', 'Cognito', 'round trips'],
    results.routes.map(({ name, profile }) => {
      const of = (service: string) =>
        [...profile.calls]
          .filter(([call]) => call.startsWith(`${service} `))
          .map(([call, n]) => `${call.slice(service.length + 1)} ${count(n)}`)
          .join(', ') || '-';
      const trips = `${count(profile.reads + profile.writes)} (${count(profile.reads)} read, ${count(profile.writes)} write)`;
      return [name, of('dynamodb'), of('cognito'), trips];
    }),
  );

  console.log(
    `\nUnder load (each phase: ${clients} connections or loops, one request after another; the API's from autocannon in a process of its own):\n`,
  );
  printTable(
    ['phase', 'requests', 'per s', 'p50', 'p95', 'p99', 'not 2xx / failed', 'event loop busy', 'CPU', 'load CPU', ''],
    [
      ...results.routes.map(({ name, load }) => loadRow(`API ${name}`, load)),
      loadRow('DynamoDB Local GetItem (consistent)', getItem),
      loadRow('DynamoDB Local TransactWriteItems (create-contract items)', transaction),
    ],
  );

  console.log(`\nBudget: API p95 <= ${ratioBudget}x the database's p95 for the same round trips\n`);
  printTable(
    ['route', 'API p95', 'database baseline', 'ratio', `<= ${ratioBudget}x`],
    results.routes.map(({ name, profile, load }) => {
      const baseline = profile.reads * readP95 + profile.writes * writeP95;
      const parts = [
        profile.reads ? `${count(profile.reads)} reads x ${ms(readP95)}` : '',
        profile.writes ? `${count(profile.writes)} writes x ${ms(writeP95)}` : '',
      ].filter(Boolean);
      const ratio = percentile(load.latencies, 95) / baseline;
      return [
        name,
        ms(percentile(load.latencies, 95)),
        `${parts.join(' + ')} = ${ms(baseline)}`,
        `${ratio.toFixed(1)}x`,
        ratio <= ratioBudget ? 'met' : 'not met',
      ];
    }),
  );
  console.log(
    '\nReads at GetItem p95, writes (UpdateItem, TransactWriteItems) at TransactWriteItems p95. The API, its handlers and local',
  );
  console.log(
    "Cognito share this Node process (event loop busy, CPU: its own); the load is autocannon's process (load CPU); DynamoDB Local is a Java process.\n",
  );
}
