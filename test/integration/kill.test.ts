import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, expect, it } from 'vitest';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { workflowTokenKey } from '../../lambdas/core/entities/workflow-token';
import { adminAccessKeyId } from '../../lib/local/iam/credentials';
import { localStage } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';

/**
 * `npm start`'s local cloud, killed outright (SIGKILL to its whole process group, DynamoDB
 * Local's Java included): once after a credit was written and before the workflow was answered
 * (the restarted cloud resumes to AwaitDelivery with the one credit), once while the payout's
 * transfer is pending at the provider (it resumes to completed with the one transfer; a dollar
 * contract's naira transfer likewise, its dollars debited once), and once
 * after a refund was made at the provider but before it was confirmed (the restarted cloud's
 * sweep completes it: one refund, one posting).
 */
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-kill-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const url = (offset: number) => `http://127.0.0.1:${port + offset}`;
let child: ChildProcess | undefined;

function startCloud(env: Record<string, string> = {}): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bin/local.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ESCROW_DATA_DIR: dataDir, POWERTOOLS_LOG_LEVEL: 'SILENT', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl-C stops')) ready();
    };
    child?.stdout?.on('data', onData);
    child?.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child?.once('exit', (code) => fail(new Error(`local cloud exited (${code}): ${output.slice(-2000)}`)));
  });
}

function kill(): Promise<void> {
  const running = child;
  child = undefined;
  const pid = running?.pid;
  if (!running || pid === undefined) return Promise.resolve();
  return new Promise((done) => {
    running.once('exit', () => done());
    process.kill(-pid, 'SIGKILL');
  });
}

afterAll(async () => {
  await kill();
  rmSync(dataDir, { recursive: true, force: true });
});

// The table's reads sign as the cloud's root, whose secret the cloud keeps in its data directory.
const documents = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: url(4),
    region: localStage.region,
    credentials: async () => ({
      accessKeyId: adminAccessKeyId,
      secretAccessKey: JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).awsSecretAccessKey,
    }),
  }),
);

async function tokenOf(user: { email: string; password: string; deviceId: string; deviceSecret: string }) {
  await signOut();
  await signIn({
    username: user.email,
    password: user.password,
    options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: { deviceId: user.deviceId, deviceSecret: user.deviceSecret } },
  });
  const session = await fetchAuthSession();
  return { token: session.tokens?.idToken?.toString() ?? '', sub: String(session.tokens?.idToken?.payload.sub) };
}

async function call(token: string, path: string, body?: unknown) {
  const response = await fetch(`${url(1)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

it('resumes after a kill between a credit and its callback: one credit, then AwaitDelivery', async () => {
  // npm start builds the web app when it is missing; that first build may take a while.
  await startCloud();
  expect(existsSync(join(dataDir, 'demo-users.json'))).toBe(true);
  const { seller, buyer, contractId } = await acceptedDemoContract({
    title: 'Generator repair',
    description: 'Parts and labour',
    value: '42000',
    currency: 'NGN',
  });
  const token = (step: 'funding' | 'delivery') => async () =>
    (await documents.send(new GetCommand({ TableName: localStage.tableName, Key: workflowTokenKey(contractId, step) }))).Item;
  await eventually(token('funding'), (item) => item !== undefined);

  // The credit is written, but its answer to the workflow finds no token: as if the process died in between.
  await documents.send(new DeleteCommand({ TableName: localStage.tableName, Key: workflowTokenKey(contractId, 'funding') }));
  const account = await call(buyer.token, '/generate-transfer-account', { contractId });
  await fetch(`${url(6)}/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_number: String(account.account_number), amount: '42000' }),
  });
  const paid = async () =>
    ((await call(seller.token, `/contracts/${contractId}`)).contract as { amount_paid_minor: number }).amount_paid_minor;
  await eventually(paid, (minor) => minor === 4_200_000);
  expect(await token('delivery')()).toBeUndefined();

  await kill();
  await startCloud();
  await eventually(token('delivery'), (item) => item !== undefined, 30_000);
  const { Items = [] } = await documents.send(
    new QueryCommand({
      TableName: localStage.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `LEDGER#${contractId}` },
    }),
  );
  expect(Items).toHaveLength(1);
  expect((await call(seller.token, `/contracts/${contractId}`)).contract).toMatchObject({
    status: 'fully_funded',
    amount_paid_minor: 4_200_000,
  });
}, 300_000);

/**
 * The demo seller's contract for the demo buyer (both signed in as `npm start` made them), accepted:
 * what each scenario starts from, with the web's config (the provider's public key).
 */
async function acceptedDemoContract(terms: {
  title: string;
  description: string;
  value?: string;
  currency: string;
  milestones?: Array<{ title: string; amount: string }>;
}) {
  const config = (await (await fetch(`${url(0)}/config.json`)).json()) as WebConfig;
  configureAmplify(config);
  const demo = JSON.parse(readFileSync(join(dataDir, 'demo-users.json'), 'utf8'));
  const seller = await tokenOf(demo[0]);
  const buyer = await tokenOf(demo[1]);
  const { id } = await call(seller.token, '/create-contract', { acceptorId: buyer.sub, ...terms });
  const contractId = String(id);
  await call(buyer.token, '/accept-contract', { contractId });
  return { config, demo, seller, buyer, contractId };
}

/** The kinds of the contract's ledger postings, in order, once each is checked to sum to zero. */
async function balancedPostingKinds(contractId: string): Promise<string[]> {
  const { Items = [] } = await documents.send(
    new QueryCommand({
      TableName: localStage.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `LEDGER#${contractId}` },
    }),
  );
  for (const entry of Items)
    expect((entry.lines as Array<{ amount_minor: number }>).reduce((sum, l) => sum + l.amount_minor, 0)).toBe(0);
  return Items.map((e) => String(e.kind));
}

/** What the sandbox holds on disk of one kind (it keeps them like a provider would, across restarts). */
function sandboxRecords<T>(kind: 'transfers' | 'refunds'): T[] {
  const folder = join(dataDir, 'flutterwave');
  const files = readdirSync(folder).filter((f) => f.endsWith('.json'));
  return files.flatMap(
    (f) => (JSON.parse(readFileSync(join(folder, f), 'utf8')) as Partial<Record<typeof kind, T[]>>)[kind] ?? [],
  );
}

/** Every payout transfer the sandbox made under `reference`. */
const sandboxTransfers = (reference: string) =>
  sandboxRecords<{ id: number; status: string; reference: string; currency: string; amountMinor: number }>('transfers').filter(
    (t) => t.reference === reference,
  );

/** From now until the cloud restarts, the sandbox holds every transfer PENDING. */
const holdTransfers = () =>
  fetch(`${url(6)}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ holdTransfers: true }),
  });

/** Waits until the sandbox holds the one transfer made under `reference`, PENDING. */
const pendingTransfer = (reference: string) =>
  eventually(
    async () => sandboxTransfers(reference),
    (ts) => ts.length === 1 && ts[0]?.status === 'PENDING',
    30_000,
  );

/** Every refund the sandbox made of transaction `transactionId`. */
const sandboxRefunds = (transactionId: number) =>
  sandboxRecords<{ id: number; status: string; transactionId: number }>('refunds').filter(
    (r) => r.transactionId === transactionId,
  );

it('resumes after a kill while the payout transfer is pending: one transfer, then completed', async () => {
  if (!child) await startCloud();
  const { demo, seller, buyer, contractId } = await acceptedDemoContract({
    title: 'Solar panels',
    description: 'Four panels, installed',
    value: '60000',
    currency: 'NGN',
  });
  const account = await call(buyer.token, '/generate-transfer-account', { contractId });
  await fetch(`${url(6)}/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_number: String(account.account_number), amount: '60000' }),
  });
  const status = async () => ((await call(seller.token, `/contracts/${contractId}`)).contract as { status: string }).status;
  await eventually(status, (s) => s === 'fully_funded');
  await call(buyer.token, '/mark-contract-completed', { contractId });

  // The provider holds the transfer (PENDING) while the whole local cloud is killed.
  await holdTransfers();
  const released = await call(seller.token, '/release-funds', { contractId, pin: demo[0].paymentPin });
  expect(released.message).toBe('Release requested. Your payout is on its way to your bank account.');
  const reference = `payout-${contractId}`;
  await pendingTransfer(reference);

  await kill();
  await startCloud();
  await eventually(status, (s) => s === 'completed', 60_000);
  expect(sandboxTransfers(reference).map((t) => t.status)).toEqual(['SUCCESSFUL']);
  expect(await balancedPostingKinds(contractId)).toEqual(['payment_credited', 'payout_completed']);
}, 300_000);

it("resumes after a kill while a milestone's payout is pending: one transfer, that milestone completed, the next one started", async () => {
  if (!child) await startCloud();
  const { demo, seller, buyer, contractId } = await acceptedDemoContract({
    title: 'Garden in two parts',
    description: 'Design, then planting',
    currency: 'NGN',
    milestones: [
      { title: 'Design', amount: '15000' },
      { title: 'Planting', amount: '25000' },
    ],
  });
  const account = await call(buyer.token, '/generate-transfer-account', { contractId });
  await fetch(`${url(6)}/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_number: String(account.account_number), amount: '40000' }),
  });
  type Milestones = Array<{ status: string; contract_id: string }>;
  const milestones = async () => (await call(seller.token, `/contracts/${contractId}`)).milestones as Milestones;
  const first = (await eventually(milestones, (ms) => ms?.[0]?.status === 'fully_funded', 30_000))[0]?.contract_id ?? '';
  await call(seller.token, '/mark-delivered', { contractId: first, note: 'Drawings sent' });
  await call(buyer.token, '/mark-contract-completed', { contractId: first });

  // The provider holds milestone 1's transfer (PENDING) while the whole local cloud is killed.
  await holdTransfers();
  await call(seller.token, '/release-funds', { contractId: first, pin: demo[0].paymentPin });
  const reference = `payout-${first}`;
  await pendingTransfer(reference);

  await kill();
  await startCloud();
  const after = await eventually(
    milestones,
    (ms) => ms?.[0]?.status === 'completed' && ms?.[1]?.status === 'fully_funded',
    60_000,
  );
  expect(after.map((m) => m.status)).toEqual(['completed', 'fully_funded']);
  expect(sandboxTransfers(reference).map((t) => [t.status, t.amountMinor])).toEqual([['SUCCESSFUL', 1_470_000]]);
  // The whole contract's ledger holds the milestone's posting; the milestone has none of its own.
  expect(await balancedPostingKinds(contractId)).toEqual(['payment_credited', 'payout_completed']);
  expect(await balancedPostingKinds(first)).toEqual([]);
}, 300_000);

it("resumes after a kill while a dollar contract's naira payout is pending: one transfer, the dollars debited once, then completed", async () => {
  if (!child) await startCloud();
  const { config, demo, seller, buyer, contractId } = await acceptedDemoContract({
    title: 'Website',
    description: 'Five pages, hosted',
    value: '400',
    currency: 'USD',
  });
  // The buyer pays $400 by card on the provider's hosted page, in dollars.
  const { txRef } = await call(buyer.token, '/start-card-payment', { contractId });
  const paid = await fetch(`${url(6)}/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      public_key: config.payments.publicKey,
      tx_ref: String(txRef),
      amount: '400',
      currency: 'USD',
      customer_email: 'buyer@example.com',
      redirect_url: `${url(0)}/payment-verification`,
      action: 'pay',
    }),
  });
  expect(paid.status).toBe(303);
  const status = async () => ((await call(seller.token, `/contracts/${contractId}`)).contract as { status: string }).status;
  await eventually(status, (s) => s === 'fully_funded');
  await call(buyer.token, '/mark-contract-completed', { contractId });
  const { payout } = (await call(seller.token, `/contracts/${contractId}/analytics`)) as {
    payout: { conversion: { rate: number } };
  };
  expect(payout.conversion.rate).toBe(1500);

  await holdTransfers();
  const released = await call(seller.token, '/release-funds', {
    contractId,
    pin: demo[0].paymentPin,
    rate: payout.conversion.rate,
  });
  expect(released.message).toBe('Release requested. Your payout is on its way to your bank account.');
  const reference = `payout-${contractId}`;
  await pendingTransfer(reference);

  await kill();
  await startCloud();
  await eventually(status, (s) => s === 'completed', 60_000);
  // $392.00 (400 less the 2% fee) at ₦1,500: ₦588,000.00 sent, the dollar wallet debited $392.00, once.
  expect(sandboxTransfers(reference)).toEqual([
    expect.objectContaining({
      status: 'SUCCESSFUL',
      currency: 'NGN',
      amountMinor: 58_800_000,
      debitCurrency: 'USD',
      debitAmountMinor: 39_200,
    }),
  ]);
  expect(await balancedPostingKinds(contractId)).toEqual(['payment_credited', 'payout_completed']);
}, 300_000);

it('completes a refund after a kill between the provider making it and the product hearing of it: one refund, one posting', async () => {
  if (!child) await startCloud();
  const { buyer, contractId } = await acceptedDemoContract({
    title: 'Catering',
    description: 'Jollof for 50',
    value: '20000',
    currency: 'NGN',
  });
  const account = await call(buyer.token, '/generate-transfer-account', { contractId });
  // No webhook reaches the product: it credits through the buyer's status check, and never hears that the refund went through.
  const faults = (body: object) =>
    fetch(`${url(6)}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await faults({ dropWebhooks: true });
  await fetch(`${url(6)}/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_number: String(account.account_number), amount: '23000' }),
  });
  const paid = await eventually(
    () => call(buyer.token, '/get-payment-status', { txRef: account.txRef }),
    (reply) => reply.status === 'successful',
  );
  expect(paid).toMatchObject({ amount_minor: 2_000_000, refunding_minor: 300_000 });
  const leg = async () =>
    (
      await documents.send(
        new QueryCommand({
          TableName: localStage.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :refund)',
          ExpressionAttributeValues: { ':pk': `CONTRACT#${contractId}`, ':refund': 'REFUND#' },
          ConsistentRead: true,
        }),
      )
    ).Items?.[0];
  const asked = await eventually(leg, (item) => item?.status === 'requested' && item.provider_refund_id !== null);
  const transactionId = Number(asked?.provider_transaction_id);
  await eventually(
    async () => sandboxRefunds(transactionId),
    (refunds) => refunds.length === 1 && refunds[0]?.status === 'completed',
    30_000,
  );

  // The provider refunded; the product still waits to hear it. Killed, and started with a sweep that runs every second.
  await kill();
  await startCloud({ ESCROW_TIME_SCALE: '0.003' });
  await eventually(leg, (item) => item?.status === 'completed', 60_000);
  expect(sandboxRefunds(transactionId)).toHaveLength(1);
  expect((await balancedPostingKinds(contractId)).sort()).toEqual(['payment_credited', 'refund_completed', 'refund_requested']);
}, 300_000);
