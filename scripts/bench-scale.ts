/**
 * `npm run bench -- scale`: many escrows at once, counting the writes each partition key takes.
 * `BENCH_SCALE_PAIRS` sellers (10), each with a buyer of their own, run `BENCH_SCALE_ROUNDS`
 * escrows (3) one after another, the pairs side by side: create, accept, pay by bank transfer (the
 * checkout polling its status meanwhile), mark completed, release, the payout (bench-cost.ts's lifecycle). Every table write the functions
 * make is sorted into the partitions it wrote, of the table and of each index
 * (aws-calls.ts `watchPartitionWrites`), with when.
 *
 * Printed, by key shape (ids replaced by `<id>`): how many keys, writes in all and per escrow, the
 * hottest key's writes and its busiest second. A shape with one key for all escrows (an index's
 * `LEDGER#NGN`, `PAYMENT#OPEN`) is shared: its writes grow with the whole load, and the bench
 * projects them at the launch load of docs/scale.md and its multiples against DynamoDB's limit of
 * 1,000 writes a second to one partition. Keys of one escrow or one person grow with that escrow
 * or person only. Never asserted; docs/scale.md reads the figures.
 */
import { performance } from 'node:perf_hooks';
import { type LocalCloud, startLocalCloud } from '../lib/local/index';
import { configureAmplify } from '../test/support/amplify';
import { apiRequest } from '../test/support/http';
import { type SignedInPerson, signedInPerson } from '../test/support/identity';
import { readyToBePaid } from '../test/support/seller';
import { type PartitionWrite, watchPartitionWrites } from './aws-calls';
import { lifecycle, ownClients, pin } from './bench-cost';
import { printTable } from './print-table';

const pairs = Number(process.env.BENCH_SCALE_PAIRS ?? 10);
const rounds = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);

/**
 * The launch load docs/scale.md states: escrows a day, and the share of a day's escrows that its
 * busiest hour holds (an evening's shopping, a sale), which gives the peak rate the projections use.
 */
export const launchLoad = { escrowsPerDay: 2_000, busiestHourShare: 0.2 };
const peakEscrowsPerSecond = (launchLoad.escrowsPerDay * launchLoad.busiestHourShare) / 3600;
const multiples = [1, 10, 100, 1000];
/** DynamoDB's most for one partition key of a table or an index: writes of up to 1 KB a second. */
const partitionWriteLimit = 1000;

interface Timed extends PartitionWrite {
  /** Seconds since the run began. */
  at: number;
}

/** A key's shape: each segment that is not a plain word (an id, a reference, an address, a date) becomes `<id>`. */
export const keyShape = (key: string) =>
  key
    .split('#')
    .map((segment) => (/^[A-Za-z_-]{1,40}$/.test(segment) ? segment : '<id>'))
    .join('#');

export async function benchScale(): Promise<void> {
  const cloud = await startLocalCloud({ flutterwave: { transferDecideMs: 300 } });
  const own = ownClients(cloud);
  const written: Timed[] = [];
  let started = 0;
  const stop = watchPartitionWrites((writes) => {
    const at = (performance.now() - started) / 1000;
    for (const write of writes) written.push({ ...write, at });
  });
  try {
    configureAmplify(cloud.config);
    const people: Array<{ seller: SignedInPerson; buyer: SignedInPerson }> = [];
    for (let i = 0; i < pairs; i++) {
      const seller = await signedInPerson(cloud, `seller${i}`);
      const buyer = await signedInPerson(cloud, `buyer${i}`);
      await readyToBePaid(cloud, seller, pin);
      people.push({ seller, buyer });
    }
    written.length = 0;
    started = performance.now();
    await Promise.all(
      people.map(async ({ seller, buyer }) => {
        for (let round = 0; round < rounds; round++) await lifecycle(cloud, own, seller, buyer, checkout(cloud, buyer));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    report(written, pairs * rounds, seconds);
  } finally {
    stop();
    own.dynamo.destroy();
    own.sfn.destroy();
    await cloud.stop();
  }
}

/**
 * The checkout page while the payer makes the transfer: it polls the payment's status every 5 s,
 * and each poll more than 4 s after the last asks the provider (services/payments/status.ts).
 * `checkoutPolls` such polls, a provider check each; a real checkout polls for as long as the
 * payer takes (docs/scale.md counts them per minute).
 */
const checkoutPolls = Number(process.env.BENCH_SCALE_POLLS ?? 2);
const pollEveryMs = 4_100;

function checkout(cloud: LocalCloud, buyer: SignedInPerson) {
  return async (txRef: string) => {
    for (let poll = 0; poll < checkoutPolls; poll++) {
      if (poll > 0) await new Promise((r) => setTimeout(r, pollEveryMs));
      const answer = await apiRequest(cloud.apiUrl, {
        method: 'POST',
        path: '/get-payment-status',
        token: buyer.token,
        body: { txRef },
      });
      if (answer.status !== 200) throw new Error(`get-payment-status: ${answer.status} ${answer.text}`);
    }
  };
}

interface ShapeFigures {
  index: string;
  shape: string;
  keys: number;
  writes: number;
  hottest: { key: string; writes: number; busiestSecond: number };
}

function figures(written: Timed[]): ShapeFigures[] {
  const byShape = new Map<string, Map<string, number[]>>();
  for (const { index, key, at } of written) {
    const id = `${index} ${keyShape(key)}`;
    const keys = byShape.get(id) ?? new Map<string, number[]>();
    byShape.set(id, keys);
    keys.set(key, [...(keys.get(key) ?? []), at]);
  }
  return [...byShape].map(([id, keys]) => {
    const [index = '', shape = ''] = id.split(' ');
    let hottest = { key: '', writes: 0, busiestSecond: 0 };
    for (const [key, times] of keys) {
      const perSecond = new Map<number, number>();
      for (const at of times) perSecond.set(Math.floor(at), (perSecond.get(Math.floor(at)) ?? 0) + 1);
      const busiestSecond = Math.max(...perSecond.values());
      if (times.length > hottest.writes) hottest = { key, writes: times.length, busiestSecond };
    }
    return { index, shape, keys: keys.size, writes: [...keys.values()].reduce((sum, t) => sum + t.length, 0), hottest };
  });
}

function report(written: Timed[], escrows: number, seconds: number): void {
  const shapes = figures(written).sort((a, b) => b.hottest.writes - a.hottest.writes);
  // Fewer keys than sellers (one for all, or one a currency): they take the whole load's writes.
  const shared = (s: ShapeFigures) => s.keys < pairs;
  console.log(
    `\n${escrows} escrows (${pairs} pairs side by side, ${rounds} each) in ${seconds.toFixed(0)} s: ${(escrows / seconds).toFixed(2)} escrows a second, ${written.length} partition writes (${(written.length / escrows).toFixed(1)} an escrow)\n`,
  );
  printTable(
    ['partition', 'key shape', 'keys', 'writes', 'per escrow', 'hottest key: writes', 'its busiest second', 'grows with'],
    shapes.map((s) => [
      s.index,
      s.shape,
      String(s.keys),
      String(s.writes),
      (s.writes / escrows).toFixed(2),
      String(s.hottest.writes),
      String(s.hottest.busiestSecond),
      shared(s) ? 'all escrows' : s.keys >= escrows ? 'one escrow' : 'one person',
    ]),
  );
  console.log(
    `\nShared keys at the launch load (${launchLoad.escrowsPerDay} escrows a day, ${launchLoad.busiestHourShare * 100}% of them in the busiest hour: ${peakEscrowsPerSecond.toFixed(3)} a second) and its multiples, writes a second to the one key against DynamoDB's ${partitionWriteLimit} a partition:\n`,
  );
  printTable(
    ['partition', 'key', 'per escrow', ...multiples.map((m) => `${m}x`)],
    shapes.filter(shared).map((s) => {
      const perEscrow = s.hottest.writes / escrows;
      return [
        s.index,
        s.hottest.key,
        perEscrow.toFixed(2),
        ...multiples.map((m) => {
          const rate = perEscrow * peakEscrowsPerSecond * m;
          return `${rate.toFixed(1)}/s${rate > partitionWriteLimit ? ' OVER' : ''}`;
        }),
      ];
    }),
  );
  console.log(
    '\nA write is counted once per partition it touched (an index partition an item left is one more); its units grow with the item (1 a KB).\n',
  );
}
