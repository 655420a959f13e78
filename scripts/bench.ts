/**
 * `npm run bench` runs every part; `npm run bench -- functions` (or `load`, `scale`, `cost`, `web`, `realtime`) one:
 * - functions (here): for every function (route handlers, Cognito triggers, workflow tasks), the
 *   size of the bundle CDK would deploy (same esbuild settings) and its cold start: a fresh Node
 *   process that loads the bundle and answers a first invocation against the local cloud, next to a
 *   bare `node -e 0` measured in the same run. A route answers a valid request: the security
 *   suite's probe of it (test/security/route-probes.ts) sent by the person it is for, over HTTP to
 *   the local API, whose event is then replayed in the fresh process. Triggers and tasks replay the
 *   events the local cloud gave them in a new-device sign-in and a satisfied contract's payout.
 * - load: the API under 50 concurrent clients next to DynamoDB Local's own latency (bench-load.ts);
 * - scale: many escrows at once, writes per partition key, shared keys projected (bench-scale.ts);
 * - cost: what one escrow costs on AWS, counted from a lifecycle in the local cloud (bench-cost.ts);
 * - web: the web app's bundle and Lighthouse scores (bench-web.ts);
 * - realtime: a server write to an open page's update in Chromium, notifications and contract
 *   edits, split at the frame the page's socket receives (bench-realtime.ts).
 * Figures are printed next to their budgets, never asserted. `BENCH_ONLY=<pattern>` times only the
 * functions whose name matches; `BENCH_CPU_PROF=<dir>` also writes each cold start's CPU profile and prints where its time went, by package.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { build } from 'esbuild';
import { contractKey } from '../lambdas/core/entities/contract';
import { handlerEntry, routes } from '../lambdas/routes';
import { taskEntry, tasks } from '../lambdas/tasks';
import { triggerEntries, triggerEntry } from '../lambdas/triggers';
import { esbuildOptions } from '../lib/bundling';
import { type LocalCloud, localStage, startLocalCloud } from '../lib/local/index';
import { type Access, allProbes } from '../test/security/route-probes';
import { configureAmplify } from '../test/support/amplify';
import { eventually } from '../test/support/eventually';
import { apiRequest } from '../test/support/http';
import { confirmedUser } from '../test/support/identity';
import { readyToBePaid } from '../test/support/seller';
import { type SeededTargets, satisfiedContract, seedTargets } from '../test/support/targets';
import { documents } from './aws-clients';
import { benchCost } from './bench-cost';
import { benchLoad } from './bench-load';
import { benchRealtime } from './bench-realtime';
import { benchScale } from './bench-scale';
import { benchWeb } from './bench-web';
import { printTable } from './print-table';
import { runProgram } from './programs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** Only the functions whose name (`route get-contract`, `task Transfer`) matches this pattern. */
const onlyFunctions = new RegExp(process.env.BENCH_ONLY ?? '');
/** A directory: each fresh process also writes a CPU profile of its cold start there (`node --cpu-prof`). */
const cpuProfileDir = process.env.BENCH_CPU_PROF;
// The budgets of ../shared/ARCHITECTURE.md (performance), printed next to the figures.
const bundleBudgetKiB = 400;
/** Every function's cold start against the floor's (scripts/bench-floor.ts), and the median function's. */
const coldStartBudget = 1.5;
const medianColdStartBudget = 1.25;

interface Target {
  name: string;
  entry: string;
  event: unknown;
  /** What the local API answered to the same event, before the replays. */
  apiStatus?: number;
  /** No flow of the bench ran the function: its event was made here (the ASL payload, or a made-up trigger event). */
  made?: boolean;
}

/**
 * One valid event per route: each probe of the security suite, sent by the person it is for to
 * the local API of `cloud`, as the API turned it into a payload-2.0 event (`observeApi`).
 */
async function validRouteEvents(
  cloud: LocalCloud,
  recorded: Map<string, { event: unknown; status: number }>,
): Promise<SeededTargets> {
  configureAmplify(cloud.config);
  const seeded = await seedTargets(cloud);
  const { seller, buyer, targets } = seeded;
  const anonymous = { token: '', sub: '', user: { deviceId: 'bench-device' } };
  for (const probe of allProbes()) {
    const caller = callerFor(probe.access, { seller, buyer, anonymous });
    const request = probe.request(targets, { sub: caller.sub, deviceId: caller.user.deviceId });
    await apiRequest(cloud.apiUrl, { method: probe.route.method, ...request, token: caller.token || undefined });
    if (!recorded.has(probe.route.name)) throw new Error(`${probe.route.name}: the API answered before its handler ran`);
  }
  return seeded;
}

/**
 * What makes the Cognito triggers and workflow tasks run that seeding did not (it signs in on
 * trusted devices and leaves the contract waiting for its release): a sign-in from a new device,
 * answered up to the emailed code, and a satisfied contract released and paid out. Their events are
 * recorded by the local cloud as it invokes them (`observeInvocation`).
 */
async function runTriggersAndTasks(cloud: LocalCloud, seeded: SeededTargets): Promise<void> {
  const traveller = await confirmedUser(cloud, 'traveller');
  await signOut();
  const clientMetadata = { deviceId: 'bench-new-device', deviceName: 'Linux PC' };
  const asked = await signIn({
    username: traveller.email,
    password: traveller.password,
    options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata },
  });
  if (asked.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') throw new Error('a new device was not challenged');
  await confirmSignIn({ challengeResponse: traveller.answer, options: { clientMetadata } });

  const pin = '4821';
  await readyToBePaid(cloud, seeded.seller, pin);
  // A contract of its own: the probes have disputed (and settled) the seeded one.
  const { contractId } = await satisfiedContract(cloud, seeded.seller, seeded.buyer, 'Bench release');
  const released = await apiRequest(cloud.apiUrl, {
    method: 'POST',
    path: '/release-funds',
    token: seeded.seller.token,
    body: { contractId, pin },
  });
  if (released.status !== 200) throw new Error(`release-funds: ${released.status} ${released.text}`);
  await eventually(
    async () => (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: contractKey(contractId) }))).Item,
    (contract) => contract?.status === 'completed',
    30_000,
  );
}

/** Who a route is for: the seller for their own things, the buyer where only the buyer may act. */
function callerFor<P>(access: Access, people: { seller: P; buyer: P; anonymous: P }): P {
  switch (access) {
    case 'public':
      return people.anonymous;
    case 'acceptor':
    case 'payer':
    case 'holder':
      return people.buyer;
    default:
      return people.seller;
  }
}

/** A made-up trigger event, for a trigger no flow of the bench ran. */
function triggerEvent(name: string) {
  return {
    version: '1',
    region: localStage.region,
    userPoolId: localStage.userPoolId,
    userName: '00000000-0000-4000-8000-000000000000',
    callerContext: { awsSdkVersion: 'bench', clientId: localStage.userPoolClientId },
    triggerSource: `${name[0]?.toUpperCase()}${name.slice(1)}_Authentication`,
    request: { userAttributes: { email: 'bench@example.com' }, session: [], clientMetadata: {} },
    response: {},
  };
}

/** Runs in the fresh process: load the bundle, invoke once, report the two phases. */
const probe = `
const t0 = performance.now();
const mod = await import(process.env.BENCH_BUNDLE);
const t1 = performance.now();
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 };
let status;
try {
  const result = await mod.handler(JSON.parse(process.env.BENCH_EVENT), context);
  status = result?.statusCode ?? 'ok';
} catch (error) {
  // A trigger refusing the made-up event is still a first invocation: time it all the same.
  status = 'refused';
}
const t2 = performance.now();
process.stdout.write(JSON.stringify({ load: t1 - t0, invoke: t2 - t1, status }));
`;

const timeProcess = (args: string[], env: NodeJS.ProcessEnv) => runProgram(process.execPath, args, env);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * `runs` cold starts of `bundle` answering `event`, each a fresh process running the probe: their
 * wall times, load and first-invocation times, and the last answer. With BENCH_CPU_PROF set, each
 * also writes its CPU profile.
 */
async function coldStarts(bundle: string, event: unknown, env: NodeJS.ProcessEnv) {
  const wall: number[] = [];
  const load: number[] = [];
  const invoke: number[] = [];
  const profiles: string[] = [];
  let status = '';
  for (let i = 0; i < runs; i++) {
    const profileName = `${basename(bundle, '.mjs')}-${i}.cpuprofile`;
    const profile = cpuProfileDir
      ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', cpuProfileDir, '--cpu-prof-name', profileName]
      : [];
    if (cpuProfileDir) profiles.push(join(cpuProfileDir, profileName));
    const { wallMs, stdout } = await timeProcess([...profile, '--input-type=module', '-e', probe], {
      ...env,
      BENCH_BUNDLE: bundle,
      BENCH_EVENT: JSON.stringify(event),
    });
    const r = JSON.parse(stdout) as { load: number; invoke: number; status: unknown };
    wall.push(wallMs);
    load.push(r.load);
    invoke.push(r.invoke);
    status = String(r.status);
  }
  return { wall, load, invoke, status, profiles };
}

/** A cold start's CPU profile (`node --cpu-prof`), as much of it as is read here. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where a cold start's CPU time went, by package: each sample's function is found in the bundle
 * through its source map (the bundle is minified), and its time is given to the package its
 * source is in (`our code` for lambdas/, `node` for Node's own modules, `(gc)`, `(program)`: V8
 * compiling and the like). The median over the profiles of each, in ms, most first.
 */
function whereTimeWent(profileFiles: string[], bundle: string): Array<[string, number]> {
  const map = new TraceMap(readFileSync(`${bundle}.map`, 'utf8'));
  const bundleUrl = pathToFileURL(bundle).href;
  const packageOf = (node: CpuProfile['nodes'][number]): string => {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (url === bundleUrl) {
      const source = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source ?? '';
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      if (inPackage?.[1]) return inPackage[1];
      return source.includes('lambdas/') ? 'our code' : 'the bundle (unmapped)';
    }
    if (url === '') return functionName || '(native)';
    // Node's loader (reading, parsing and linking the bundle's modules) apart from the rest of Node.
    if (url.startsWith('node:internal/modules/')) return 'node: loading modules';
    if (url.startsWith('node:')) return `node: ${url.replace(/^node:(internal\/)?/, '').split('/')[0]}`;
    return 'the probe';
  };
  const perProfile = profileFiles.map((file) => {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const category = new Map(profile.nodes.map((node) => [node.id, packageOf(node)]));
    const ms = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const name = category.get(id) ?? '?';
      ms.set(name, (ms.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    return ms;
  });
  const names = new Set(perProfile.flatMap((ms) => [...ms.keys()]));
  return [...names]
    .map((name): [string, number] => [name, median(perProfile.map((ms) => ms.get(name) ?? 0))])
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1]);
}

async function main() {
  const recorded = new Map<string, { event: unknown; status: number }>();
  const invoked = new Map<string, unknown>();
  const before = { ...process.env };
  const cloud = await startLocalCloud({
    observeApi: (route, event, status) => {
      if (!recorded.has(route.name)) recorded.set(route.name, { event, status });
    },
    observeInvocation: ({ kind, name, event }) => {
      if (!invoked.has(`${kind} ${name}`)) invoked.set(`${kind} ${name}`, event);
    },
    flutterwave: { transferDecideMs: 300 },
  });
  const seeded = await validRouteEvents(cloud, recorded);
  await runTriggersAndTasks(cloud, seeded);
  // A state no flow ran (a sad path) gets the payload its ASL state gives, for the seeded contract.
  const aslPayload = (task: (typeof tasks)[number]) => ({
    contractId: seeded.targets.contractId,
    ...(task.callback ? { taskToken: 'bench-token', lifetime: { startedAt: new Date().toISOString(), waitSeconds: 3600 } } : {}),
    ...(task.state === 'PayoutFailed' ? { error: { Error: 'TransferFailed', Cause: 'bench' } } : {}),
    ...(['HoldForOps', 'ReleaseHold', 'ContinueAsNew'].includes(task.state) ? { executionName: seeded.targets.contractId } : {}),
    ...(task.state === 'HoldForOps' ? { failure: { state: 'Transfer', Error: 'ProviderUnavailableError', Cause: 'bench' } } : {}),
    ...(task.state === 'AwaitOps' ? { state: 'Transfer' } : {}),
  });
  const targets: Target[] = [
    ...routes.map((r) => ({
      name: `route ${r.name}`,
      entry: handlerEntry(r),
      event: recorded.get(r.name)?.event,
      apiStatus: recorded.get(r.name)?.status,
    })),
    ...triggerEntries().map(([name, trigger]) => ({
      name: `trigger ${name}`,
      entry: triggerEntry(trigger),
      event: invoked.get(`trigger ${name}`) ?? triggerEvent(name),
      made: !invoked.has(`trigger ${name}`),
    })),
    ...tasks.map((task) => ({
      name: `task ${task.state}`,
      entry: taskEntry(task),
      event: invoked.get(`task ${task.state}`) ?? aslPayload(task),
      made: !invoked.has(`task ${task.state}`),
    })),
  ];
  const outDir = mkdtempSync(join(tmpdir(), 'escrow-bench-'));
  try {
    // What the local cloud gives its functions (it set them on this process): endpoints, credentials,
    // secrets. Nothing else of this shell's: NODE_EXTRA_CA_CERTS alone makes `node -e 0` 8x slower.
    const functionEnv = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => before[name] !== value));
    const env = {
      PATH: process.env.PATH,
      ...functionEnv,
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      AWS_SDK_JS_SUPPRESS_NODE_DEPRECATION_WARNING: '1',
    };
    const baseline: number[] = [];
    for (let i = 0; i < runs; i++) baseline.push((await timeProcess(['-e', '0'], env)).wallMs);
    /** Bundles one entry with the functions' settings (lib/bundling.ts): the file and its size. */
    const bundle = async (name: string, entry: string) => {
      const outfile = join(outDir, `${name}${esbuildOptions.outExtension['.js']}`);
      await build({ ...esbuildOptions, entryPoints: [entry], outfile });
      return { file: outfile, bytes: statSync(outfile).size };
    };
    const { file: floorFile, bytes: floorBytes } = await bundle(
      'floor',
      fileURLToPath(new URL('./bench-floor.ts', import.meta.url)),
    );
    // What tracing alone adds to every function's bundle (adapters/tracer.ts): Powertools' tracer
    // with the X-Ray SDK, bundled on its own.
    const { bytes: tracerBytes } = await bundle(
      'tracer',
      fileURLToPath(new URL('../lambdas/core/adapters/tracer.ts', import.meta.url)),
    );
    const { wall: floor, status: floorStatus } = await coldStarts(floorFile, {}, env);
    const ratios: number[] = [];

    const rows: string[][] = [];
    const profileLines: string[] = [];
    let withinBundle = 0;
    let withinColdStart = 0;
    for (const target of targets.filter((t) => onlyFunctions.test(t.name))) {
      const { file: outfile, bytes } = await bundle(target.name.replace(/\W+/g, '-'), target.entry);
      const { wall, load, invoke, status, profiles } = await coldStarts(outfile, target.event, env);
      const ratio = median(wall) / median(floor);
      if (profiles.length > 0)
        profileLines.push(
          `${target.name}: ${whereTimeWent(profiles, outfile)
            .slice(0, 8)
            .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
            .join(', ')}`,
        );
      ratios.push(ratio);
      if (bytes <= bundleBudgetKiB * 1024) withinBundle++;
      if (ratio <= coldStartBudget) withinColdStart++;
      rows.push([
        target.name,
        `${(bytes / 1024).toFixed(1)} KiB`,
        `${median(wall).toFixed(0)} ms`,
        `${ratio.toFixed(1)}x`,
        `${median(load).toFixed(1)} ms`,
        `${median(invoke).toFixed(1)} ms`,
        target.apiStatus !== undefined
          ? `${status} (API: ${target.apiStatus})`
          : target.made
            ? `${status} (the ASL's payload: no flow ran it)`
            : status,
      ]);
    }

    console.log(`\nNode ${process.version}, median of ${runs} runs each\n`);
    printTable(['function', 'bundle', 'cold start (process)', 'vs floor', 'load bundle', 'first invoke', 'answer'], rows);
    console.log(`\nbaseline: node -e 0  ${median(baseline).toFixed(0)} ms (process start and exit, nothing loaded)`);
    console.log(
      `floor: ${median(floor).toFixed(0)} ms, ${(median(floor) / median(baseline)).toFixed(1)}x node -e 0, bundle ${(floorBytes / 1024).toFixed(1)} KiB (the SDK's document client and one GetItem, no code of ours: answer ${floorStatus})`,
    );
    console.log(
      `tracing: ${(tracerBytes / 1024).toFixed(1)} KiB of every function's bundle (Powertools' tracer and the X-Ray SDK, adapters/tracer.ts)`,
    );
    if (profileLines.length > 0) {
      console.log(
        `\nWhere each cold start's CPU time went (median of ${runs} profiles, by the package of the code running; profiles in ${cpuProfileDir}):`,
      );
      for (const line of profileLines) console.log(`  ${line}`);
    }
    console.log(
      `budgets: bundle <= ${bundleBudgetKiB} KiB minified: ${withinBundle} of ${rows.length} met; cold start <= ${coldStartBudget}x the floor: ${withinColdStart} of ${rows.length} met; median function ${median(ratios).toFixed(2)}x the floor (budget <= ${medianColdStartBudget}x)\n`,
    );
  } finally {
    await cloud.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

const parts = { functions: main, load: benchLoad, scale: benchScale, cost: benchCost, web: benchWeb, realtime: benchRealtime };
const only = process.argv[2];
if (only !== undefined && !Object.hasOwn(parts, only)) {
  console.error(`Unknown bench "${only}": use ${Object.keys(parts).join(', ')}, or nothing for all.`);
  process.exit(2);
}
if (only !== undefined) await parts[only as keyof typeof parts]();
// Each part in a process of its own: a part starts its own local cloud, and the product's AWS
// clients are made once per process with the first cloud's endpoints.
else
  for (const name of Object.keys(parts)) {
    const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], { stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
