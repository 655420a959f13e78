import { GetExecutionHistoryCommand, SFNClient } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames, timeScale } from '../../lambdas/core/adapters/env';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { confirmedUser, signedIn } from '../support/identity';

/**
 * `npm start`'s ESCROW_TIME_SCALE through the whole local cloud: the real escrow ASL, with no
 * timeout override, ends its 7-day funding window in 2 s, and the functions get the same factor.
 */
const factor = 2 / 604_800;
let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud({ timeScale: factor });
  configureAmplify(cloud.config);
});
afterAll(async () => {
  await cloud?.stop();
});

describe('the local cloud at a time scale', () => {
  it('gives the functions the factor the workflow runs at', () => {
    expect(process.env[envNames.timeScale]).toBe(String(factor));
    expect(timeScale()).toBe(factor);
  });

  it('cancels an unfunded contract when its scaled 7-day funding window ends, after a full-length CancelUnfunded', async () => {
    const [seller, buyer] = [
      await signedIn(await confirmedUser(cloud, 'seller')),
      await signedIn(await confirmedUser(cloud, 'buyer')),
    ];
    const call = async (actor: { token: string }, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${cloud.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${actor.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const made = await call(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Wedding cake',
      description: 'Three tiers',
      value: '85000',
      currency: 'NGN',
    });
    const id = String(made.id);
    await call(buyer, 'POST', '/accept-contract', { contractId: id });
    const status = async () => ((await call(seller, 'GET', `/contracts/${id}`)) as { contract: ContractView }).contract.status;
    await eventually(status, (s) => s === 'cancelled');

    const sfn = new SFNClient({
      endpoint: cloud.stepFunctionsEndpoint,
      region: localStage.region,
      credentials: cloud.credentials,
    });
    const executionArn = `${cloud.stateMachineArn.replace(':stateMachine:', ':execution:')}:${id}`;
    const { events = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    sfn.destroy();
    const timeouts = events.flatMap((e) => (e.type === 'TaskScheduled' ? [e.taskScheduledEventDetails?.timeoutInSeconds] : []));
    // AwaitFunding's 604,800 s scaled to 2; CancelUnfunded's 60 s bounds a function run and is not scaled.
    expect(timeouts).toEqual([2, 60]);
  });
});
