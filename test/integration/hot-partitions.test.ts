// The writes that grow with the whole load go to partition keys every escrow shares (docs/scale.md).
// Each partition takes at most 1,000 writes a second, an index's as the table's. These tests count
// the partitions the functions' writes touch (scripts/aws-calls.ts `watchPartitionWrites`, from
// each item before and after the write) and hold the fixes of what broke before 100x the launch load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOpenPayments } from '../../lambdas/core/entities/payment';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { type PartitionWrite, watchPartitionWrites } from '../../scripts/aws-calls';
import { configureAmplify } from '../support/amplify';
import { apiCaller, apiOrThrow } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { ageProviderCheck } from '../support/sandbox-payer';

let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

/** The partition writes the functions make while `run` runs. */
async function writesDuring(run: () => Promise<void>): Promise<PartitionWrite[]> {
  const writes: PartitionWrite[] = [];
  const stop = watchPartitionWrites((w) => writes.push(...w));
  try {
    await run();
  } finally {
    stop();
  }
  return writes;
}

describe('partitions every escrow shares', () => {
  it("takes no write from a checkout's status polls: the provider check is kept outside the open payments' index partition", async () => {
    const ok = apiOrThrow(cloud);
    const { id } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Aso-oke for the wedding',
      description: 'Two pieces, delivered Friday',
      value: '45000',
      currency: 'NGN',
    });
    await ok(buyer, 'POST', '/accept-contract', { contractId: id });
    const { txRef } = await ok<{ txRef: string }>(buyer, 'POST', '/start-card-payment', { contractId: id });
    const openBefore = (await listOpenPayments(new Date(Date.now() + 60_000).toISOString())).map((p) => p.tx_ref);
    expect(openBefore).toContain(txRef);

    const poll = () => apiCaller(cloud)<{ status: string }>(buyer, '/get-payment-status', { txRef });
    const checks = 3;
    const writes = await writesDuring(async () => {
      for (let check = 0; check < checks; check++) {
        // The checkout's next poll, 5 s later: it asks the provider again.
        await ageProviderCheck(txRef);
        const answer = await poll();
        expect([answer.status, answer.body.status]).toEqual([200, 'pending']);
      }
    });

    // Each check takes its turn and keeps what the provider said: two writes to the payment's own partition.
    expect(writes.filter((w) => w.index === 'table' && w.key === `PAYMENT#${txRef}`)).toHaveLength(2 * checks);
    // And nothing else: no index partition, so not GSI1's `PAYMENT#OPEN`, which every open payment shares.
    expect(writes.filter((w) => w.index !== 'table' || w.key !== `PAYMENT#${txRef}`)).toEqual([]);
    // The payment is still open, for the sweep to follow up.
    const openAfter = (await listOpenPayments(new Date(Date.now() + 60_000).toISOString())).map((p) => p.tx_ref);
    expect(openAfter).toContain(txRef);
  });
});
