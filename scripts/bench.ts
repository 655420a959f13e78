/**
 * `npm run bench` (`-- functions` or `-- web` for one half): the web app's bundle and Lighthouse
 * scores (scripts/bench-web.ts), and for every function (route handlers, Cognito triggers, workflow
 * tasks), the size of the bundle CDK would deploy (same esbuild settings) and its cold start: a
 * fresh Node process that loads the bundle and answers a first invocation against the local cloud,
 * next to a bare `node -e 0` measured in the same run. A route answers a valid request: the
 * security suite's probe of it (test/security/route-probes.ts) sent by the person it is for, over
 * HTTP to the local API, whose event is then replayed in the fresh process. Figures are printed,
 * never asserted.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { handlerEntry, type RouteDefinition, routes } from '../lambdas/routes';
import { taskEntry, tasks } from '../lambdas/tasks';
import { triggerEntries, triggerEntry } from '../lambdas/triggers';
import { esbuildOptions } from '../lib/bundling';
import { type LocalCloud, localStage, startLocalCloud } from '../lib/local/index';
import { type Access, allProbes } from '../test/security/route-probes';
import { configureAmplify } from '../test/support/amplify';
import { apiRequest } from '../test/support/http';
import { seedTargets } from '../test/support/targets';
import { benchWeb } from './bench-web';
import { runProgram } from './programs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
// Issue 13's budgets, printed next to the figures.
const bundleBudgetKiB = 250;
const coldStartBudget = 2;

interface Target {
  name: string;
  entry: string;
  event: unknown;
  /** What the local API answered to the same event, before the replays. */
  apiStatus?: number;
}

/**
 * One valid event per route: each probe of the security suite, sent by the person it is for to
 * the local API of `cloud`, as the API turned it into a payload-2.0 event (`observeApi`).
 */
async function validRouteEvents(cloud: LocalCloud, recorded: Map<string, { event: unknown; status: number }>): Promise<void> {
  configureAmplify(cloud.config);
  const { seller, buyer, targets } = await seedTargets(cloud);
  const anonymous = { token: '', sub: '', user: { deviceId: 'bench-device' } };
  for (const probe of allProbes()) {
    const caller = callerFor(probe.access, { seller, buyer, anonymous });
    const request = probe.request(targets, { sub: caller.sub, deviceId: caller.user.deviceId });
    await apiRequest(cloud.apiUrl, { method: probe.route.method, ...request, token: caller.token || undefined });
    if (!recorded.has(probe.route.name)) throw new Error(`${probe.route.name}: the API answered before its handler ran`);
  }
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

async function main() {
  const recorded = new Map<string, { event: unknown; status: number }>();
  const before = { ...process.env };
  const cloud = await startLocalCloud({
    observeApi: (route, event, status) => {
      if (!recorded.has(route.name)) recorded.set(route.name, { event, status });
    },
  });
  await validRouteEvents(cloud, recorded);
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
      event: triggerEvent(name),
    })),
    // A task with a contract that does not exist: its first invocation reads the table and is refused.
    ...tasks.map((task) => ({
      name: `task ${task.state}`,
      entry: taskEntry(task),
      event: { contractId: '01BENCH0000000000000000000', ...(task.callback ? { taskToken: 'bench-token' } : {}) },
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

    const rows: string[][] = [];
    let withinBundle = 0;
    let withinColdStart = 0;
    for (const target of targets) {
      const outfile = join(outDir, `${target.name.replace(/\W+/g, '-')}.mjs`);
      await build({ ...esbuildOptions, entryPoints: [target.entry], outfile });
      const bytes = statSync(outfile).size;
      const wall: number[] = [];
      const load: number[] = [];
      const invoke: number[] = [];
      let status = '';
      for (let i = 0; i < runs; i++) {
        const { wallMs, stdout } = await timeProcess(['--input-type=module', '-e', probe], {
          ...env,
          BENCH_BUNDLE: outfile,
          BENCH_EVENT: JSON.stringify(target.event),
        });
        const r = JSON.parse(stdout) as { load: number; invoke: number; status: string };
        wall.push(wallMs);
        load.push(r.load);
        invoke.push(r.invoke);
        status = String(r.status);
      }
      const ratio = median(wall) / median(baseline);
      if (bytes <= bundleBudgetKiB * 1024) withinBundle++;
      if (ratio <= coldStartBudget) withinColdStart++;
      rows.push([
        target.name,
        `${(bytes / 1024).toFixed(1)} KiB`,
        `${median(wall).toFixed(0)} ms`,
        `${ratio.toFixed(1)}x`,
        `${median(load).toFixed(1)} ms`,
        `${median(invoke).toFixed(1)} ms`,
        target.apiStatus === undefined ? status : `${status} (API: ${target.apiStatus})`,
      ]);
    }

    const header = ['function', 'bundle', 'cold start (process)', 'vs node -e 0', 'load bundle', 'first invoke', 'answer'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
    console.log(`\nNode ${process.version}, median of ${runs} runs each\n`);
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) console.log(line(row));
    console.log(`\nbaseline: node -e 0  ${median(baseline).toFixed(0)} ms (process start and exit, nothing loaded)`);
    console.log(
      `budgets: bundle <= ${bundleBudgetKiB} KiB minified: ${withinBundle} of ${rows.length} met; cold start <= ${coldStartBudget}x node -e 0: ${withinColdStart} of ${rows.length} met\n`,
    );
  } finally {
    await cloud.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (only !== undefined && only !== 'functions' && only !== 'web') {
  console.error(`Unknown bench "${only}": use functions, web, or nothing for both.`);
  process.exit(2);
}
if (only !== 'web') await main();
if (only !== 'functions') await benchWeb();
