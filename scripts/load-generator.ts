/**
 * The load bench's load (scripts/bench-load.ts), in a process of its own so the API under test does
 * not share its CPU with the clients: autocannon keeps `connections` requests in flight for
 * `warmupSeconds` (unmeasured) and then `seconds`, from the requests of a plan file, each
 * connection taking the next one in turn. It prints one JSON line: every measured latency, the
 * statuses that were not 2xx, and its own CPU use.
 *
 * Usage (by the bench): `node <tsx's flags> scripts/load-generator.ts <plan.json>`.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon, { type Request } from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadPlan {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Sent in turn; when `reuse` is false each is sent once, and the load ends when they run out. */
  requests: LoadRequest[];
  reuse: boolean;
}

export interface LoadOutcome {
  /** Every measured response's latency in ms, ascending. */
  latencies: number[];
  /** Statuses outside 2xx, and connection errors and timeouts, by what they were. */
  failures: Record<string, number>;
  seconds: number;
  /** This process's CPU time over the wall time (1 = one core). */
  cpu: number;
  /** The requests ran out before the time did. */
  endedEarly: boolean;
}

/** One autocannon run over the plan's requests, from `next`, for `seconds`. */
function run(plan: LoadPlan, seconds: number, next: () => LoadRequest | undefined, measured: boolean): Promise<LoadOutcome> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let endedEarly = false;
  const cpu = process.cpuUsage();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            // Each request the connection sends is the plan's next one: distinct bodies for writes.
            setupRequest: (request: Request) => {
              const planned = next();
              if (planned) return { ...request, ...planned };
              if (!endedEarly) {
                endedEarly = true;
                setImmediate(() => instance.stop());
              }
              return { ...request, ...plan.requests[0] };
            },
          },
        ],
      },
      (error) => {
        if (error) return reject(error);
        const elapsed = performance.now() - started;
        const { user, system } = process.cpuUsage(cpu);
        resolve({
          latencies: latencies.sort((a, b) => a - b),
          failures,
          seconds: elapsed / 1000,
          cpu: (user + system) / 1000 / elapsed,
          endedEarly,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (!measured || endedEarly) return;
      latencies.push(ms);
      if (status < 200 || status >= 300) failures[String(status)] = (failures[String(status)] ?? 0) + 1;
    });
    instance.on('reqError', (error: NodeJS.ErrnoException) => {
      if (measured) failures[error.code ?? error.name] = (failures[error.code ?? error.name] ?? 0) + 1;
    });
  });
}

const planFile = process.argv[2];
if (!planFile) throw new Error('usage: load-generator.ts <plan.json>');
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as LoadPlan;
let position = 0;
const next = () => {
  if (plan.reuse) return plan.requests[position++ % plan.requests.length];
  return plan.requests[position++];
};
if (plan.warmupSeconds > 0) await run(plan, plan.warmupSeconds, next, false);
const outcome = await run(plan, plan.seconds, next, true);
process.stdout.write(`${JSON.stringify(outcome)}\n`);
