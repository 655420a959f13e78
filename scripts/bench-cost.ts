/**
 * `npm run bench -- cost`: what one escrow costs on AWS, counted from a real lifecycle in the local
 * cloud. A seller (PIN and bank account already set: once per seller, not per escrow) and a buyer
 * go through create, accept, pay by bank transfer through the sandbox's bank, mark completed,
 * release with the PIN, and the payout the workflow makes; the bench waits for the contract to be
 * completed and its execution to succeed. What it counts while the escrow runs:
 * - every API request (one HTTP API request and one Lambda invocation each, the provider's webhooks
 *   included) and every workflow task invocation, with how long the handler ran;
 * - every call the functions made to DynamoDB, with the read and write units DynamoDB Local
 *   reported for it, and every email sent through SES;
 * - the execution's state transitions, from its history (each state entered is one).
 * The bench reads the contract's progress with clients of its own, so its polling is not counted.
 * Figures are printed next to the budgets (../shared/ARCHITECTURE.md, performance), never asserted.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeExecutionCommand, paginateGetExecutionHistory, SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransferAccountResponse } from '../lambdas/core/api/payments';
import { toDecimalString } from '../lambdas/core/domain/money';
import { contractKey } from '../lambdas/core/entities/contract';
import { workflowTokenKey } from '../lambdas/core/entities/workflow-token';
import { type LocalCloud, localStage, startLocalCloud } from '../lib/local/index';
import { configureAmplify } from '../test/support/amplify';
import { eventually } from '../test/support/eventually';
import { apiRequest } from '../test/support/http';
import { type SignedInPerson, signedInPerson } from '../test/support/identity';
import { readyToBePaid } from '../test/support/seller';
import { type AwsCall, watchAwsCalls } from './aws-calls';

/**
 * Public on-demand prices, Europe (Ireland), eu-west-1: the region of both stages
 * (lib/stage-config.ts). As AWS's pricing pages listed them in 2025 (DynamoDB after its
 * November 2024 on-demand price cut); check them again before quoting a figure.
 */
const prices = {
  asOf: '2025',
  /** HTTP API, first 300 million requests a month. */
  apiRequest: 1.11 / 1e6,
  /** Lambda, per request and per GB-second on Arm (Graviton), first 6 billion GB-s a month. */
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecond: 0.0000133334,
  /** DynamoDB on-demand, Standard table class. */
  writeUnit: 0.7068 / 1e6,
  readUnit: 0.1414 / 1e6,
  /** Step Functions Standard workflows, per state transition. */
  stateTransition: 0.025 / 1000,
  /** SES, per email sent. */
  email: 0.1 / 1000,
  /** X-Ray, per trace recorded (every function has active tracing: lib/function.ts). */
  trace: 5 / 1e6,
};
/** What lib/function.ts gives every function, and the figure the issue asked for. */
const deployedMemoryMb = 512;
const issueMemoryMb = 256;
// ARCHITECTURE.md's budgets.
const costBudget = 0.002;
const transitionsBudget = 20;
/** The sellers' payment PIN (a bench that reuses this lifecycle sets it with `readyToBePaid`). */
export const pin = '4821';

interface Invocation {
  kind: 'route' | 'task';
  name: string;
  durationMs: number;
}

export async function benchCost(): Promise<void> {
  let usage: Usage | undefined;
  const cloud = await startLocalCloud({
    // The sandbox decides a payout in 300 ms instead of the minutes a bank takes.
    flutterwave: { transferDecideMs: 300 },
    observeApi: (route, _event, _status, durationMs) => usage?.invocations.push({ kind: 'route', name: route.name, durationMs }),
    observeInvocation: ({ kind, name, durationMs }) => {
      if (kind === 'task') usage?.invocations.push({ kind, name, durationMs });
    },
  });
  const stopWatching = watchAwsCalls((call) => usage?.calls.push(call));
  /** What the functions did while `run` ran. */
  async function measured<T>(run: () => Promise<T>): Promise<{ result: T; usage: Usage }> {
    const current: Usage = { invocations: [], calls: [] };
    usage = current;
    try {
      return { result: await run(), usage: current };
    } finally {
      usage = undefined;
    }
  }
  const own = ownClients(cloud);
  try {
    configureAmplify(cloud.config);
    const seller = await signedInPerson(cloud, 'seller');
    const buyer = await signedInPerson(cloud, 'buyer');
    await readyToBePaid(cloud, seller, pin);

    // The first escrow pays each handler's first calls (SDK and connection set-up, as in a new
    // container); the second is what a warm container bills.
    const first = await measured(() => lifecycle(cloud, own, seller, buyer));
    const second = await measured(() => lifecycle(cloud, own, seller, buyer));
    second.usage.transitions = await stateTransitions(own.sfn, cloud.stateMachineArn, second.result);
    first.usage.transitions = await stateTransitions(own.sfn, cloud.stateMachineArn, first.result);
    // One page view more, for scale: the contract page a person opens.
    const view = await measured(() => ok(cloud, buyer, 'GET', `/contracts/${second.result}`));
    report(second.usage, first.usage, view.usage);
  } finally {
    stopWatching();
    own.dynamo.destroy();
    own.sfn.destroy();
    await cloud.stop();
  }
}

/** One escrow from creation to the seller's payout, as the two people and the provider drive it. */
export async function lifecycle(
  cloud: LocalCloud,
  own: OwnClients,
  seller: SignedInPerson,
  buyer: SignedInPerson,
  /** What the checkout does before the payer's bank sends the money (the scale bench polls its status). */
  whilePaying: (txRef: string) => Promise<void> = async () => undefined,
): Promise<string> {
  const { id: contractId } = await ok<{ id: string }>(cloud, seller, 'POST', '/create-contract', {
    acceptorId: buyer.sub,
    title: 'Wedding cake',
    description: 'Three tiers, delivered Saturday',
    value: '85000',
    currency: 'NGN',
  });
  await ok(cloud, buyer, 'POST', '/accept-contract', { contractId });
  const account = await ok<TransferAccountResponse>(cloud, buyer, 'POST', '/generate-transfer-account', { contractId });
  await whilePaying(account.txRef);
  const sent = await fetch(cloud.flutterwave.bankUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_number: account.account_number, amount: toDecimalString(account.amount_minor, 'NGN') }),
  });
  if (sent.status !== 200) throw new Error(`the sandbox's bank refused the transfer: ${sent.status}`);
  await eventually(() => own.item(workflowTokenKey(contractId, 'delivery')), Boolean);
  await ok(cloud, buyer, 'POST', '/mark-contract-completed', { contractId });
  await eventually(() => own.item(workflowTokenKey(contractId, 'release')), Boolean);
  await ok(cloud, seller, 'POST', '/release-funds', { contractId, pin });
  await eventually(
    () => own.item(contractKey(contractId)),
    (contract) => contract?.status === 'completed',
    30_000,
  );
  const executionArn = `${cloud.stateMachineArn.replace(':stateMachine:', ':execution:')}:${contractId}`;
  await eventually(
    () => own.sfn.send(new DescribeExecutionCommand({ executionArn })),
    (execution) => execution.status !== 'RUNNING',
    30_000,
  );
  const { status } = await own.sfn.send(new DescribeExecutionCommand({ executionArn }));
  if (status !== 'SUCCEEDED') throw new Error(`the escrow's execution ended ${status}`);
  return contractId;
}

/** Each state entered is one transition, as Step Functions bills a Standard workflow. */
async function stateTransitions(sfn: SFNClient, stateMachineArn: string, contractId: string): Promise<number> {
  const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${contractId}`;
  let entered = 0;
  for await (const page of paginateGetExecutionHistory({ client: sfn }, { executionArn })) {
    entered += (page.events ?? []).filter((event) => event.type?.endsWith('StateEntered')).length;
  }
  return entered;
}

export interface OwnClients {
  dynamo: DynamoDBClient;
  sfn: SFNClient;
  item: (key: { PK: string; SK: string }) => Promise<Record<string, unknown> | undefined>;
}

/** The bench's own clients for watching the escrow: not the functions', so not counted. */
export function ownClients(cloud: LocalCloud): OwnClients {
  const config = { region: localStage.region, credentials: cloud.credentials };
  const dynamo = new DynamoDBClient({ ...config, endpoint: cloud.dynamodbEndpoint });
  const docs = DynamoDBDocumentClient.from(dynamo);
  const sfn = new SFNClient({ ...config, endpoint: cloud.stepFunctionsEndpoint });
  return {
    dynamo,
    sfn,
    item: async (key) =>
      (await docs.send(new GetCommand({ TableName: localStage.tableName, Key: key, ConsistentRead: true }))).Item,
  };
}

async function ok<T = unknown>(cloud: LocalCloud, who: SignedInPerson, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiRequest(cloud.apiUrl, { method, path, token: who.token, body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.json as T;
}

interface Usage {
  invocations: Invocation[];
  calls: AwsCall[];
  transitions?: number;
}

/** Billed duration: Lambda rounds each invocation up to the millisecond. */
const billedMs = (invocations: Invocation[]) => invocations.reduce((sum, i) => sum + Math.ceil(i.durationMs), 0);

function priced(usage: Usage, memoryMb: number) {
  const routes = usage.invocations.filter((i) => i.kind === 'route').length;
  const dynamo = usage.calls.filter((c) => c.service === 'dynamodb');
  const readUnits = dynamo.reduce((sum, c) => sum + c.readUnits, 0);
  const writeUnits = dynamo.reduce((sum, c) => sum + c.writeUnits, 0);
  const emails = usage.calls.filter((c) => c.service === 'ses').length;
  const gbSeconds = (billedMs(usage.invocations) / 1000) * (memoryMb / 1024);
  const lines: Array<[string, string, number]> = [
    ['HTTP API requests', `${routes}`, routes * prices.apiRequest],
    ['Lambda requests', `${usage.invocations.length}`, usage.invocations.length * prices.lambdaRequest],
    [
      `Lambda duration at ${memoryMb} MB`,
      `${billedMs(usage.invocations)} ms = ${gbSeconds.toFixed(3)} GB-s`,
      gbSeconds * prices.lambdaGbSecond,
    ],
    ['DynamoDB read units', readUnits.toFixed(1), readUnits * prices.readUnit],
    ['DynamoDB write units', writeUnits.toFixed(1), writeUnits * prices.writeUnit],
    ['X-Ray traces', `${usage.invocations.length}`, usage.invocations.length * prices.trace],
    ['SES emails', `${emails}`, emails * prices.email],
  ];
  if (usage.transitions !== undefined) {
    lines.push(['Step Functions transitions', `${usage.transitions}`, usage.transitions * prices.stateTransition]);
  }
  return { lines, total: lines.reduce((sum, [, , dollars]) => sum + dollars, 0) };
}

function report(escrow: Usage, first: Usage, view: Usage) {
  const dollars = (x: number) => `$${x.toFixed(7)}`;
  const table = (rows: string[][]) => {
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  };

  console.log(
    `\nOne escrow: create, accept, pay by bank transfer, mark completed, release, payout (Node ${process.version}); the second of two, warm\n`,
  );
  const byFunction = new Map<string, { count: number; ms: number }>();
  for (const i of escrow.invocations) {
    const key = `${i.kind} ${i.name}`;
    const entry = byFunction.get(key) ?? { count: 0, ms: 0 };
    byFunction.set(key, { count: entry.count + 1, ms: entry.ms + Math.ceil(i.durationMs) });
  }
  table([
    ['function', 'invocations', 'billed ms'],
    ...[...byFunction].map(([name, { count, ms }]) => [name, String(count), String(ms)]),
  ]);
  const byOperation = new Map<string, { count: number; read: number; write: number }>();
  for (const c of escrow.calls) {
    const key = `${c.service} ${c.operation}`;
    const entry = byOperation.get(key) ?? { count: 0, read: 0, write: 0 };
    byOperation.set(key, { count: entry.count + 1, read: entry.read + c.readUnits, write: entry.write + c.writeUnits });
  }
  console.log('');
  table([
    ['AWS call', 'calls', 'read units', 'write units'],
    ...[...byOperation].map(([name, { count, read, write }]) => [name, String(count), read.toFixed(1), write.toFixed(1)]),
  ]);

  for (const memoryMb of [issueMemoryMb, deployedMemoryMb]) {
    const { lines, total } = priced(escrow, memoryMb);
    console.log(
      `\nPriced at ${memoryMb} MB${memoryMb === deployedMemoryMb ? ' (what lib/function.ts deploys)' : ''}, eu-west-1 prices of ${prices.asOf}:`,
    );
    table(lines.map(([name, quantity, cost]) => [name, quantity, dollars(cost)]));
    console.log(`total per escrow: ${dollars(total)}  (budget <= $${costBudget}: ${total <= costBudget ? 'met' : 'not met'})`);
  }
  const transitions = escrow.transitions ?? 0;
  console.log(
    `state transitions per escrow: ${transitions}  (budget <= ${transitionsBudget}: ${transitions <= transitionsBudget ? 'met' : 'not met'})`,
  );
  const firstPriced = priced(first, deployedMemoryMb);
  console.log(
    `the first escrow after start (each handler's first calls): ${billedMs(first.invocations)} billed ms, ${dollars(firstPriced.total)} at ${deployedMemoryMb} MB`,
  );
  const viewCost = priced(view, deployedMemoryMb).total;
  console.log(
    `each contract page view besides: ${view.calls.filter((c) => c.service === 'dynamodb').length} DynamoDB calls, ${billedMs(view.invocations)} billed ms, ${dollars(viewCost)}`,
  );
  console.log(
    "Not counted: CloudWatch Logs, the SPA on S3 and CloudFront, data transfer, Secrets Manager (read once per container), and the provider's own fees.\n" +
      "Handler times are this machine's, warm, against DynamoDB Local; a cold start also bills its init.\n",
  );
}
