/**
 * `npm run bench` (`-- functions` or `-- web` for one half): the web app's bundle and Lighthouse
 * scores (scripts/bench-web.ts), and for every function (route handlers, Cognito triggers, workflow tasks), the size of the
 * bundle CDK would deploy (same esbuild settings) and its cold start: a fresh Node process that
 * loads the bundle and serves a first invocation against DynamoDB Local, next to a bare
 * `node -e 0` measured in the same run. Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { handlerEntry, type RouteDefinition, routes } from '../lambdas/routes';
import { taskEntry, tasks } from '../lambdas/tasks';
import { triggerEntries, triggerEntry } from '../lambdas/triggers';
import { esbuildOptions } from '../lib/bundling';
import { localCredentials, startDynamo } from '../lib/local/dynamodb';
import { localStage } from '../lib/local/index';
import { benchWeb } from './bench-web';
import { runProgram } from './programs';

const runs = Number(process.env.BENCH_RUNS ?? 5);

interface Target {
  name: string;
  entry: string;
  event: unknown;
}

function routeEvent(route: RouteDefinition) {
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: route.method === 'GET' ? undefined : '{}',
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'bench',
      domainName: 'bench',
      domainPrefix: 'bench',
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: 'bench',
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      ...(route.auth === 'protected'
        ? {
            authorizer: {
              jwt: { claims: { sub: '00000000-0000-4000-8000-000000000000', email: 'bench@example.com' }, scopes: null },
            },
          }
        : {}),
    },
  };
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
  const targets: Target[] = [
    ...routes.map((r) => ({ name: `route ${r.name}`, entry: handlerEntry(r), event: routeEvent(r) })),
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
  const dynamo = await startDynamo({ tableName: localStage.tableName });
  try {
    const env = {
      PATH: process.env.PATH,
      NODE_OPTIONS: '--enable-source-maps',
      AWS_REGION: localStage.region,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      TABLE_NAME: localStage.tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      // What the local cloud gives functions: secrets as values, the sender and the app's address.
      APP_SECRET: 'bench-app-secret',
      CAPTCHA_SECRET: 'bench-captcha-secret',
      MAIL_FROM: localStage.mailFrom,
      APP_URL: 'http://127.0.0.1',
      USER_POOL_ID: localStage.userPoolId,
      USER_POOL_CLIENT_ID: localStage.userPoolClientId,
      AWS_SDK_JS_SUPPRESS_NODE_DEPRECATION_WARNING: '1',
    };
    const baseline: number[] = [];
    for (let i = 0; i < runs; i++) baseline.push((await timeProcess(['-e', '0'], env)).wallMs);

    const rows: string[][] = [];
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
      rows.push([
        target.name,
        `${(bytes / 1024).toFixed(1)} KiB`,
        `${median(wall).toFixed(0)} ms`,
        `${median(load).toFixed(1)} ms`,
        `${median(invoke).toFixed(1)} ms`,
        status,
      ]);
    }

    const header = ['function', 'bundle', 'cold start (process)', 'load bundle', 'first invoke', 'answer'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
    console.log(`\nNode ${process.version}, median of ${runs} runs each\n`);
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) console.log(line(row));
    console.log(`\nbaseline: node -e 0  ${median(baseline).toFixed(0)} ms (process start and exit, nothing loaded)\n`);
  } finally {
    await dynamo.stop();
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
