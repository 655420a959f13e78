import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeExecutionCommand, GetExecutionHistoryCommand, SFNClient } from '@aws-sdk/client-sfn';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { NotificationsResponse } from '../../lambdas/core/api/notifications';
import { contractKey } from '../../lambdas/core/entities/contract';
import { workflowTokenKey } from '../../lambdas/core/entities/workflow-token';
import { type LocalCloud, type LocalCloudOptions, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { confirmedUser, signedIn } from '../support/identity';

/**
 * The escrow state machine against the local cloud: the real ASL, the real task handlers, the
 * real SFN client. Funding windows are shortened to seconds; nothing waits on real days.
 */
interface Actor {
  token: string;
  sub: string;
}

const clouds: LocalCloud[] = [];
// One base port and one data folder for every cloud of this file: the in-process handlers make
// their SDK clients and read their secrets once per process, so each cloud must be where the
// first one was, with the same secrets (as `npm start` is, run after run).
const port = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-workflow-'));

afterEach(async () => {
  for (const cloud of clouds.splice(0)) await cloud.stop();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(options: LocalCloudOptions = {}) {
  const cloud = await startLocalCloud({ port, dataDir, ...options });
  clouds.push(cloud);
  configureAmplify(cloud.config);
  return cloud;
}

async function people(cloud: LocalCloud): Promise<[Actor, Actor]> {
  const [seller, buyer] = [await confirmedUser(cloud, 'seller'), await confirmedUser(cloud, 'buyer')];
  return [await signedIn(seller), await signedIn(buyer)];
}

async function call(cloud: LocalCloud, actor: Actor, method: string, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${actor.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function acceptedContract(cloud: LocalCloud, seller: Actor, buyer: Actor): Promise<string> {
  const made = await call(cloud, seller, 'POST', '/create-contract', {
    acceptorId: buyer.sub,
    title: 'Wedding cake',
    description: 'Three tiers',
    value: '85000',
    currency: 'NGN',
  });
  const id = String(made.body.id);
  expect((await call(cloud, buyer, 'POST', '/accept-contract', { contractId: id })).status).toBe(200);
  return id;
}

function sfn(cloud: LocalCloud) {
  return new SFNClient({
    endpoint: cloud.stepFunctionsEndpoint,
    region: localStage.region,
    credentials: cloud.credentials,
  });
}

const executionArn = (cloud: LocalCloud, contractId: string) =>
  cloud.stateMachineArn.replace(':stateMachine:', ':execution:').concat(`:${contractId}`);

const storedToken = (contractId: string, step: 'funding' | 'delivery') => async () =>
  (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: workflowTokenKey(contractId, step) }))).Item;

async function historyTypes(cloud: LocalCloud, contractId: string): Promise<string[]> {
  const { events = [] } = await sfn(cloud).send(
    new GetExecutionHistoryCommand({ executionArn: executionArn(cloud, contractId) }),
  );
  return events.map((e) => e.type ?? '');
}

async function statesEntered(cloud: LocalCloud, contractId: string): Promise<string[]> {
  const { events = [] } = await sfn(cloud).send(
    new GetExecutionHistoryCommand({ executionArn: executionArn(cloud, contractId) }),
  );
  return events.flatMap((e) => (e.type?.endsWith('StateEntered') ? [e.stateEnteredEventDetails?.name ?? ''] : []));
}

describe('the escrow execution of a contract', () => {
  it('starts once when the buyer accepts, named after the contract, and waits for funding', async () => {
    const cloud = await start();
    const [seller, buyer] = await people(cloud);
    const id = await acceptedContract(cloud, seller, buyer);
    // Accepting again (a retry) must not start a second execution or fail.
    expect((await call(cloud, buyer, 'POST', '/accept-contract', { contractId: id })).status).toBe(200);

    const execution = await sfn(cloud).send(new DescribeExecutionCommand({ executionArn: executionArn(cloud, id) }));
    expect(execution).toMatchObject({ status: 'RUNNING', name: id });
    expect(JSON.parse(execution.input ?? '{}')).toEqual({ contractId: id });
    await eventually(storedToken(id, 'funding'), (item) => item !== undefined);
    expect(await statesEntered(cloud, id)).toEqual(['AwaitFunding']);
  });

  it('starts for a template instance, which is created active', async () => {
    const cloud = await start();
    const [seller, buyer] = await people(cloud);
    const template = await call(cloud, seller, 'POST', '/templates', {
      title: 'Cupcakes',
      description: 'A dozen',
      base_price: '1200',
      currency: 'NGN',
    });
    const made = await call(cloud, buyer, 'POST', '/create-instance-from-template', {
      templateId: template.body.id,
      quantity: 2,
    });
    const id = String(made.body.newContractId);
    const { contract } = (await call(cloud, buyer, 'GET', `/contracts/${id}`)).body as { contract: ContractView };
    expect(contract.status).toBe('active');
    await eventually(storedToken(id, 'funding'), (item) => item !== undefined);
  });

  it('cancels a contract nothing was paid into when its funding window ends, and tells both parties', async () => {
    const cloud = await start({ workflowTimeouts: { AwaitFunding: 1 } });
    const [seller, buyer] = await people(cloud);
    const id = await acceptedContract(cloud, seller, buyer);
    const before = {
      seller: ((await call(cloud, seller, 'GET', '/notifications')).body as unknown as NotificationsResponse).unread_count,
      buyer: ((await call(cloud, buyer, 'GET', '/notifications')).body as unknown as NotificationsResponse).unread_count,
    };
    const status = async () =>
      ((await call(cloud, seller, 'GET', `/contracts/${id}`)).body as { contract: ContractView }).contract.status;
    await eventually(status, (s) => s === 'cancelled');
    const execution = await eventually(
      () => sfn(cloud).send(new DescribeExecutionCommand({ executionArn: executionArn(cloud, id) })),
      (e) => e.status !== 'RUNNING',
    );
    expect(execution.status).toBe('SUCCEEDED');
    expect(await statesEntered(cloud, id)).toEqual(['AwaitFunding', 'CancelUnfunded', 'WasCancelled', 'Cancelled']);
    for (const [actor, count] of [
      [seller, before.seller],
      [buyer, before.buyer],
    ] as const) {
      const inbox = (await call(cloud, actor, 'GET', '/notifications')).body as unknown as NotificationsResponse;
      expect(inbox.unread_count).toBe(count + 1);
      expect(inbox.notifications[0]?.title).toBe('Contract cancelled');
    }
  });

  it('keeps waiting for funding when a payment got in as the window closed', async () => {
    const cloud = await start({ workflowTimeouts: { AwaitFunding: 3 } });
    const [seller, buyer] = await people(cloud);
    const id = await acceptedContract(cloud, seller, buyer);
    // Once the task has returned (TaskSubmitted) it has looked at the contract and found it unpaid;
    // a credit written after that is one only the end of the window can find.
    await eventually(
      () => historyTypes(cloud, id),
      (types) => types.includes('TaskSubmitted'),
    );
    // Money credited just before the window closes, its answer to the task lost (the credit path writes these together).
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: contractKey(id),
        UpdateExpression: 'SET amount_paid_minor = :paid, #status = :status, payer_user_ids = :payers',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 1_000_000, ':status': 'in_escrow', ':payers': [buyer.sub] },
      }),
    );
    await eventually(storedToken(id, 'delivery'), (item) => item !== undefined);
    const { contract } = (await call(cloud, seller, 'GET', `/contracts/${id}`)).body as { contract: ContractView };
    expect(contract.status).toBe('in_escrow');
    expect(await statesEntered(cloud, id)).toEqual([
      'AwaitFunding',
      'CancelUnfunded',
      'WasCancelled',
      'AwaitFunding',
      'Funded',
      'AwaitDelivery',
    ]);
  });

  it('resumes after the local cloud stopped between a credit and its callback: the execution fast-forwards to AwaitDelivery', async () => {
    const first = await start();
    const [seller, buyer] = await people(first);
    const id = await acceptedContract(first, seller, buyer);
    await eventually(
      () => historyTypes(first, id),
      (types) => types.includes('TaskSubmitted'),
    );
    // A credit was written, then the process died before it answered the waiting task.
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: contractKey(id),
        UpdateExpression: 'SET amount_paid_minor = :paid, #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 8_500_000, ':status': 'fully_funded' },
      }),
    );
    await clouds.splice(0)[0]?.stop();
    const second = await start();
    await eventually(storedToken(id, 'delivery'), (item) => item !== undefined).catch(async () => {
      throw new Error(`not resumed: ${JSON.stringify(await statesEntered(second, id))}`);
    });
    const execution = await sfn(second).send(new DescribeExecutionCommand({ executionArn: executionArn(second, id) }));
    expect(execution.status).toBe('RUNNING');
  });
});
