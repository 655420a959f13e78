import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  type HistoryEvent,
  ListExecutionsCommand,
  SendTaskFailureCommand,
  SendTaskHeartbeatCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalTaskHandler, startLocalStepFunctions } from '../../lib/local/stepfunctions';

const asl = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/stepfunctions/checkout.asl.json'), 'utf8')) as {
  States: Record<string, Record<string, unknown>>;
};
const machineName = 'checkout-test';

interface PaymentRequest {
  orderId: string;
  taskToken: string;
  execution: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls (10 ms) until the check passes; fails after 5 s. Waits only as long as the service needs. */
async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface StartOptions {
  dataDir?: string;
  definition?: object;
  timeoutOverrides?: Record<string, number>;
  awaitPayment?: LocalTaskHandler;
  computeFee?: LocalTaskHandler;
}

/** The service with the fixture ASL, an SDK client on it, and the payloads each task received. */
async function start(options: StartOptions = {}) {
  const payments: PaymentRequest[] = [];
  const fees: unknown[] = [];
  const awaitPayment: LocalTaskHandler = async (payload) => {
    payments.push(payload as PaymentRequest);
    return options.awaitPayment ? options.awaitPayment(payload) : { stored: true };
  };
  const computeFee: LocalTaskHandler = async (payload) => {
    fees.push(payload);
    if (options.computeFee) return options.computeFee(payload);
    return { fee: Math.round((payload as { amount: number }).amount * 0.02) };
  };
  const service = await startLocalStepFunctions({
    region: 'eu-west-1',
    dataDir: options.dataDir,
    stateMachines: [
      {
        name: machineName,
        definition: options.definition ?? asl,
        tasks: { AwaitPayment: awaitPayment, ComputeFee: computeFee },
      },
    ],
    timeoutOverrides: options.timeoutOverrides,
    retryIntervalOverrides: { AwaitPayment: 0, ComputeFee: 0 },
  });
  const sfn = new SFNClient({
    region: 'eu-west-1',
    endpoint: service.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    sfn.destroy();
    await service.stop();
  };
  cleanups.push(stop);
  const machineArn = service.stateMachineArn(machineName);

  const startExecution = (name: string, input: unknown) =>
    sfn.send(new StartExecutionCommand({ stateMachineArn: machineArn, name, input: JSON.stringify(input) }));
  const describe = (executionArn: string) => sfn.send(new DescribeExecutionCommand({ executionArn }));
  const untilStatus = (executionArn: string, status: string) =>
    eventually(async () => {
      const execution = await describe(executionArn);
      return execution.status === status ? execution : undefined;
    }, `${executionArn} to be ${status}`);
  const nthPayment = (n: number) => eventually(() => payments[n - 1], `AwaitPayment call ${n}`);
  const history = async (executionArn: string) => (await sfn.send(new GetExecutionHistoryCommand({ executionArn }))).events ?? [];
  const succeed = (taskToken: string, output: unknown) =>
    sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));

  return { service, sfn, machineArn, payments, fees, stop, startExecution, describe, untilStatus, nthPayment, history, succeed };
}

const types = (events: HistoryEvent[]) => events.map((e) => e.type);

describe('the local Step Functions service', () => {
  it('runs a callback task to SUCCEEDED on SendTaskSuccess, with a fresh token and $$.Execution in the payload', async () => {
    const sfn = await start();
    const { executionArn } = await sfn.startExecution('order-1', { orderId: 'o-1' });

    const request = await sfn.nthPayment(1);
    expect(request.orderId).toBe('o-1');
    expect(request.execution).toBe(executionArn);
    expect(request.taskToken).toMatch(/^lsfn1\./);
    expect((await sfn.describe(executionArn as string)).status).toBe('RUNNING');

    await sfn.succeed(request.taskToken, { amount: 5000 });
    const done = await sfn.untilStatus(executionArn as string, 'SUCCEEDED');
    // ComputeFee's ResultSelector reads $.Payload and $.StatusCode of AWS's lambda:invoke envelope.
    expect(JSON.parse(done.output as string)).toEqual({
      orderId: 'o-1',
      payment: { amount: 5000 },
      fee: { fee: 100, statusCode: 200 },
      outcome: 'charged',
    });
    expect(sfn.fees).toEqual([{ amount: 5000 }]);
    expect(done.stopDate?.getTime()).toBeGreaterThanOrEqual(done.startDate?.getTime() ?? Number.POSITIVE_INFINITY);
  });

  it('follows the Choice on the Lambda result (a zero fee is waived)', async () => {
    const sfn = await start();
    const { executionArn } = await sfn.startExecution('order-free', { orderId: 'o-free' });
    await sfn.succeed((await sfn.nthPayment(1)).taskToken, { amount: 10 });
    const done = await sfn.untilStatus(executionArn as string, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ fee: { fee: 0 }, outcome: 'waived' });
  });

  it('treats StartExecution with the same name and input as the same execution, and refuses a different input', async () => {
    const sfn = await start();
    const first = await sfn.startExecution('order-2', { orderId: 'o-2' });
    const again = await sfn.startExecution('order-2', { orderId: 'o-2' });
    expect(again.executionArn).toBe(first.executionArn);
    expect(again.startDate?.getTime()).toBe(first.startDate?.getTime());

    await expect(sfn.startExecution('order-2', { orderId: 'other' })).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
    await sfn.nthPayment(1);
    expect(sfn.payments).toHaveLength(1);

    // Once closed, even the same input is refused: an execution name is used once.
    await sfn.succeed((await sfn.nthPayment(1)).taskToken, { amount: 100 });
    await sfn.untilStatus(first.executionArn as string, 'SUCCEEDED');
    await expect(sfn.startExecution('order-2', { orderId: 'o-2' })).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('answers a used token with TaskDoesNotExist and a malformed one with InvalidToken', async () => {
    const sfn = await start();
    await sfn.startExecution('order-3', { orderId: 'o-3' });
    const { taskToken } = await sfn.nthPayment(1);

    await sfn.sfn.send(new SendTaskHeartbeatCommand({ taskToken }));
    await expect(sfn.sfn.send(new SendTaskSuccessCommand({ taskToken, output: 'not json' }))).rejects.toMatchObject({
      name: 'InvalidOutput',
    });
    await sfn.succeed(taskToken, { amount: 100 });
    await expect(sfn.succeed(taskToken, { amount: 100 })).rejects.toMatchObject({ name: 'TaskDoesNotExist' });
    await expect(sfn.sfn.send(new SendTaskHeartbeatCommand({ taskToken }))).rejects.toMatchObject({ name: 'TaskDoesNotExist' });
    await expect(sfn.succeed('garbage', {})).rejects.toMatchObject({ name: 'InvalidToken' });
    // Well-formed but never issued: unknown, not malformed.
    const forged = taskToken.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    await expect(sfn.succeed(forged, {})).rejects.toMatchObject({ name: 'TaskDoesNotExist' });
  });

  it('fails the callback task with the SendTaskFailure error name, so the ASL Catch on it takes over', async () => {
    const sfn = await start();
    const { executionArn } = await sfn.startExecution('order-4', { orderId: 'o-4' });
    const { taskToken } = await sfn.nthPayment(1);
    await sfn.sfn.send(new SendTaskFailureCommand({ taskToken, error: 'PaymentFailed', cause: 'card declined' }));

    const done = await sfn.untilStatus(executionArn as string, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({
      outcome: 'rejected',
      failure: { Error: 'PaymentFailed', Cause: 'card declined' },
    });
    const failed = (await sfn.history(executionArn as string)).find((e) => e.type === 'TaskFailed');
    expect(failed?.taskFailedEventDetails).toMatchObject({ error: 'PaymentFailed', cause: 'card declined' });
    expect(sfn.fees).toHaveLength(0);
  });

  it('fails a callback task whose handler throws, with the error name, without any token answer', async () => {
    const sfn = await start({
      awaitPayment: async () => {
        throw Object.assign(new Error('no such order'), { name: 'PaymentFailed' });
      },
    });
    const { executionArn } = await sfn.startExecution('order-5', { orderId: 'o-5' });
    const done = await sfn.untilStatus(executionArn as string, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ outcome: 'rejected', failure: { Error: 'PaymentFailed' } });
  });

  it('fails the execution with the error name a plain Lambda task throws when nothing catches it', async () => {
    const sfn = await start({
      computeFee: async () => {
        throw Object.assign(new Error('no fee rule for NGN'), { name: 'FeeRuleMissing' });
      },
    });
    const { executionArn } = await sfn.startExecution('order-6', { orderId: 'o-6' });
    await sfn.succeed((await sfn.nthPayment(1)).taskToken, { amount: 100 });
    const failed = await sfn.untilStatus(executionArn as string, 'FAILED');
    expect(failed).toMatchObject({ error: 'FeeRuleMissing', cause: 'no fee rule for NGN' });
    expect(types(await sfn.history(executionArn as string)).slice(-3)).toEqual(['TaskStarted', 'TaskFailed', 'ExecutionFailed']);
  });

  it('retries a plain task on the error its Retry names, calling the handler again', async () => {
    let calls = 0;
    const sfn = await start({
      computeFee: async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('try later'), { name: 'FeeServiceBusy' });
        return { fee: 7 };
      },
    });
    const { executionArn } = await sfn.startExecution('order-7', { orderId: 'o-7' });
    await sfn.succeed((await sfn.nthPayment(1)).taskToken, { amount: 350 });
    const done = await sfn.untilStatus(executionArn as string, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ fee: { fee: 7 } });
    expect(calls).toBe(2);
    const events = types(await sfn.history(executionArn as string));
    const failedAt = events.indexOf('TaskFailed');
    expect(events.slice(failedAt, failedAt + 4)).toEqual(['TaskFailed', 'TaskScheduled', 'TaskStarted', 'TaskSucceeded']);
  });

  it('times a callback task out after its (shortened) TimeoutSeconds: Retry mints a new token, then the States.Timeout Catch runs', async () => {
    const sfn = await start({ timeoutOverrides: { AwaitPayment: 0.2 } });
    const { executionArn } = await sfn.startExecution('order-8', { orderId: 'o-8' });
    const first = await sfn.nthPayment(1);
    const second = await sfn.nthPayment(2);
    expect(second.taskToken).not.toBe(first.taskToken);
    await expect(sfn.succeed(first.taskToken, { amount: 1 })).rejects.toMatchObject({ name: 'TaskTimedOut' });

    const done = await sfn.untilStatus(executionArn as string, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ outcome: 'expired', failure: { Error: 'States.Timeout' } });
    const events = await sfn.history(executionArn as string);
    expect(types(events).filter((t) => t === 'TaskTimedOut')).toHaveLength(2);
    expect(events.find((e) => e.type === 'TaskScheduled')?.taskScheduledEventDetails?.timeoutInSeconds).toBe(0.2);
    await expect(sfn.succeed(second.taskToken, { amount: 1 })).rejects.toMatchObject({ name: 'TaskTimedOut' });
  });

  it('times the whole execution out after its (shortened) top-level TimeoutSeconds: TIMED_OUT, and its token is gone', async () => {
    const sfn = await start({ definition: { ...asl, TimeoutSeconds: 3600 }, timeoutOverrides: { [machineName]: 0.2 } });
    const { executionArn } = await sfn.startExecution('order-slow', { orderId: 'o-slow' });
    const { taskToken } = await sfn.nthPayment(1);
    const timedOut = await sfn.untilStatus(executionArn as string, 'TIMED_OUT');
    expect(timedOut.error).toBe('States.Timeout');
    expect(types(await sfn.history(executionArn as string)).at(-1)).toBe('ExecutionTimedOut');
    await expect(sfn.succeed(taskToken, { amount: 1 })).rejects.toMatchObject({ name: 'TaskDoesNotExist' });
    expect(sfn.payments).toHaveLength(1);
  });

  it('records the history with AWS event names, ids counting up from 1, each pointing at the one before', async () => {
    const sfn = await start();
    const { executionArn } = await sfn.startExecution('order-9', { orderId: 'o-9' });
    await sfn.succeed((await sfn.nthPayment(1)).taskToken, { amount: 5000 });
    await sfn.untilStatus(executionArn as string, 'SUCCEEDED');

    const events = await sfn.history(executionArn as string);
    expect(types(events)).toEqual([
      'ExecutionStarted',
      'TaskStateEntered',
      'TaskScheduled',
      'TaskStarted',
      'TaskSubmitted',
      'TaskSucceeded',
      'TaskStateExited',
      'TaskStateEntered',
      'TaskScheduled',
      'TaskStarted',
      'TaskSucceeded',
      'TaskStateExited',
      'ChoiceStateEntered',
      'ChoiceStateExited',
      'PassStateEntered',
      'PassStateExited',
      'SucceedStateEntered',
      'SucceedStateExited',
      'ExecutionSucceeded',
    ]);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events.map((e) => e.previousEventId)).toEqual(events.map((_, i) => i));
    const times = events.map((e) => e.timestamp?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    expect(JSON.parse(events[0]?.executionStartedEventDetails?.input as string)).toEqual({ orderId: 'o-9' });
    expect(events[1]?.stateEnteredEventDetails?.name).toBe('AwaitPayment');
    const scheduled = JSON.parse(events[2]?.taskScheduledEventDetails?.parameters as string);
    expect(scheduled.Payload.taskToken).toMatch(/^lsfn1\./);
    expect(events[2]?.taskScheduledEventDetails).toMatchObject({ resourceType: 'lambda', resource: 'invoke.waitForTaskToken' });
    expect(JSON.parse(events[5]?.taskSucceededEventDetails?.output as string)).toEqual({ amount: 5000 });
    expect(JSON.parse(events[10]?.taskSucceededEventDetails?.output as string)).toMatchObject({
      Payload: { fee: 100 },
      StatusCode: 200,
    });
    expect(events[6]?.stateExitedEventDetails?.name).toBe('AwaitPayment');

    // Newest first, two at a time, and without the data when asked.
    const reversed: HistoryEvent[] = [];
    let nextToken: string | undefined;
    do {
      const page = await sfn.sfn.send(
        new GetExecutionHistoryCommand({
          executionArn,
          reverseOrder: true,
          maxResults: 2,
          nextToken,
          includeExecutionData: false,
        }),
      );
      expect(page.events?.length).toBeLessThanOrEqual(2);
      reversed.push(...(page.events ?? []));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(reversed.map((e) => e.id)).toEqual(events.map((e) => e.id).reverse());
    expect(reversed.at(-1)?.executionStartedEventDetails?.input).toBeUndefined();
  });

  it('aborts on StopExecution and never calls the task handler of that execution again', async () => {
    // A timeout and a Retry on it: what the interpreter would still act on after an abort.
    const sfn = await start({ timeoutOverrides: { AwaitPayment: 0.3 } });
    const { executionArn } = await sfn.startExecution('order-10', { orderId: 'o-10' });
    const { taskToken } = await sfn.nthPayment(1);
    const { stopDate } = await sfn.sfn.send(new StopExecutionCommand({ executionArn, error: 'Cancelled', cause: 'by ops' }));

    const stopped = await sfn.describe(executionArn as string);
    expect(stopped).toMatchObject({ status: 'ABORTED', error: 'Cancelled', cause: 'by ops' });
    expect(stopped.stopDate?.getTime()).toBe(stopDate?.getTime());
    // Past the 0.3 s timeout, after which the interpreter would retry the state if it could.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sfn.payments).toHaveLength(1);
    await expect(sfn.succeed(taskToken, { amount: 1 })).rejects.toMatchObject({ name: 'TaskDoesNotExist' });
    expect((await sfn.describe(executionArn as string)).status).toBe('ABORTED');
    const events = types(await sfn.history(executionArn as string));
    expect(events.slice(-2)).toEqual(['TaskStateAborted', 'ExecutionAborted']);
    // Stopping a closed execution changes nothing.
    const again = await sfn.sfn.send(new StopExecutionCommand({ executionArn }));
    expect(again.stopDate?.getTime()).toBe(stopDate?.getTime());
  });

  it('lists executions newest first, by status, page by page', async () => {
    const sfn = await start();
    const a = await sfn.startExecution('list-a', { orderId: 'a' });
    const b = await sfn.startExecution('list-b', { orderId: 'b' });
    const c = await sfn.startExecution('list-c', { orderId: 'c' });
    await sfn.nthPayment(3);
    const token = sfn.payments.find((p) => p.orderId === 'b')?.taskToken as string;
    await sfn.succeed(token, { amount: 100 });
    await sfn.untilStatus(b.executionArn as string, 'SUCCEEDED');

    const list = (statusFilter?: 'RUNNING' | 'SUCCEEDED', maxResults?: number, nextToken?: string) =>
      sfn.sfn.send(new ListExecutionsCommand({ stateMachineArn: sfn.machineArn, statusFilter, maxResults, nextToken }));
    const all = await list();
    expect(all.executions?.map((e) => e.name)).toEqual(['list-c', 'list-b', 'list-a']);
    expect(all.executions?.[1]).toMatchObject({
      status: 'SUCCEEDED',
      executionArn: b.executionArn,
      stateMachineArn: sfn.machineArn,
    });
    expect((await list('RUNNING')).executions?.map((e) => e.executionArn)).toEqual([c.executionArn, a.executionArn]);

    const first = await list(undefined, 2);
    expect(first.executions?.map((e) => e.name)).toEqual(['list-c', 'list-b']);
    const second = await list(undefined, 2, first.nextToken);
    expect(second.executions?.map((e) => e.name)).toEqual(['list-a']);
    expect(second.nextToken).toBeUndefined();
    await expect(list(undefined, 2, 'not-a-token')).rejects.toMatchObject({ name: 'InvalidToken' });
  });

  it('answers bad requests with the errors the real SDK knows', async () => {
    const sfn = await start();
    const start2 = (stateMachineArn: string, name: string, input = '{}') =>
      sfn.sfn.send(new StartExecutionCommand({ stateMachineArn, name, input }));
    const unknownMachine = sfn.machineArn.replace(machineName, 'nope');
    await expect(start2(unknownMachine, 'x')).rejects.toMatchObject({ name: 'StateMachineDoesNotExist' });
    await expect(start2('not-an-arn', 'x')).rejects.toMatchObject({ name: 'InvalidArn' });
    await expect(start2(sfn.machineArn, 'has space')).rejects.toMatchObject({ name: 'InvalidName' });
    await expect(start2(sfn.machineArn, 'a/b')).rejects.toMatchObject({ name: 'InvalidName' });
    await expect(start2(sfn.machineArn, 'x'.repeat(81))).rejects.toMatchObject({ name: 'InvalidName' });
    await expect(start2(sfn.machineArn, 'bad-input', '{oops')).rejects.toMatchObject({ name: 'InvalidExecutionInput' });
    const missing = `${sfn.machineArn.replace(':stateMachine:', ':execution:')}:missing`;
    await expect(sfn.describe(missing)).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
    await expect(sfn.history(missing)).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
    await expect(sfn.describe('arn:aws:states:eu-west-1:1:nope')).rejects.toMatchObject({ name: 'InvalidArn' });
    // Nothing was started by any of these.
    expect((await sfn.sfn.send(new ListExecutionsCommand({ stateMachineArn: sfn.machineArn }))).executions).toEqual([]);
  });

  it('resumes a RUNNING execution after a restart by re-running it, and keeps finished ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-sfn-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const before = await start({ dataDir });
    const open = await before.startExecution('open-1', { orderId: 'open' });
    const oldToken = (await before.nthPayment(1)).taskToken;
    const done = await before.startExecution('done-1', { orderId: 'done' });
    await before.succeed((await before.nthPayment(2)).taskToken, { amount: 300 });
    const finished = await before.untilStatus(done.executionArn as string, 'SUCCEEDED');
    const finishedHistory = await before.history(done.executionArn as string);
    const openEventsBefore = (await before.history(open.executionArn as string)).length;
    await before.stop();

    const after = await start({ dataDir });
    const resumed = await after.nthPayment(1);
    expect(resumed).toMatchObject({ orderId: 'open', execution: open.executionArn });
    expect(resumed.taskToken).not.toBe(oldToken);
    expect(after.payments).toHaveLength(1);
    await expect(after.succeed(oldToken, { amount: 1 })).rejects.toMatchObject({ name: 'TaskDoesNotExist' });
    await after.succeed(resumed.taskToken, { amount: 700 });
    const completed = await after.untilStatus(open.executionArn as string, 'SUCCEEDED');
    expect(JSON.parse(completed.output as string)).toMatchObject({ payment: { amount: 700 }, outcome: 'charged' });
    expect(completed.startDate?.getTime()).toBe(open.startDate?.getTime());

    const openEvents = await after.history(open.executionArn as string);
    expect(openEvents.length).toBeGreaterThan(openEventsBefore);
    expect(openEvents.map((e) => e.id)).toEqual(openEvents.map((_, i) => i + 1));
    expect(types(openEvents).filter((t) => t === 'ExecutionStarted')).toHaveLength(1);
    expect(openEvents.filter((e) => e.stateEnteredEventDetails?.name === 'AwaitPayment')).toHaveLength(2);

    expect(await after.describe(done.executionArn as string)).toMatchObject({
      status: 'SUCCEEDED',
      output: finished.output,
      stopDate: finished.stopDate,
    });
    expect(await after.history(done.executionArn as string)).toEqual(finishedHistory);
    expect(after.fees).toEqual([{ amount: 700 }]);
    await expect(after.startExecution('done-1', { orderId: 'done' })).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
    const page = await (await fetch(new URL('/executions/open-1', after.service.executionsUrl))).text();
    expect(page).toContain('2 (re-run from the start after a restart)');
  });

  it('shows finance every execution and, per execution, its history as escaped HTML', async () => {
    const sfn = await start();
    const first = await sfn.startExecution('page-1', { orderId: '<b>o-1</b>' });
    await sfn.succeed((await sfn.nthPayment(1)).taskToken, { amount: 100 });
    await sfn.untilStatus(first.executionArn as string, 'SUCCEEDED');
    await sfn.startExecution('page-2', { orderId: 'o-2' });
    await sfn.nthPayment(2);

    const list = await fetch(sfn.service.executionsUrl);
    expect(list.headers.get('content-type')).toMatch(/^text\/html/);
    const listHtml = await list.text();
    expect(listHtml).toContain(machineName);
    expect(listHtml).toMatch(/page-2[\s\S]*RUNNING[\s\S]*AwaitPayment[\s\S]*page-1[\s\S]*SUCCEEDED/);
    expect(listHtml).toContain('href="/executions/page-1"');

    const page = await fetch(new URL('/executions/page-1', sfn.service.executionsUrl));
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const text of ['ExecutionStarted', 'TaskStateEntered', 'TaskSucceeded', 'ChoiceStateEntered', 'ExecutionSucceeded']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('&lt;b&gt;o-1&lt;/b&gt;');
    expect(html).not.toContain('<b>o-1</b>');
    expect((await fetch(new URL('/executions/nothing-here', sfn.service.executionsUrl))).status).toBe(404);
  });
});

describe('the history of Parallel, Map and Fail states', () => {
  it('uses AWS’s names for them: Parallel/Map Started and Succeeded, Map iterations, FailStateEntered then ExecutionFailed', async () => {
    const definition = {
      StartAt: 'Both',
      States: {
        Both: {
          Type: 'Parallel',
          Branches: [
            { StartAt: 'Left', States: { Left: { Type: 'Pass', Result: 'left', End: true } } },
            {
              StartAt: 'Lookup',
              States: {
                Lookup: {
                  Type: 'Task',
                  Resource: 'arn:aws:states:::lambda:invoke',
                  Parameters: { FunctionName: 'lookup', 'Payload.$': '$' },
                  ResultSelector: { 'value.$': '$.Payload.value' },
                  TimeoutSeconds: 10,
                  End: true,
                },
              },
            },
          ],
          ResultPath: '$.both',
          Next: 'Each',
        },
        Each: {
          Type: 'Map',
          ItemsPath: '$.items',
          ItemProcessor: { StartAt: 'Double', States: { Double: { Type: 'Pass', End: true } } },
          ResultPath: '$.each',
          Next: 'Stop',
        },
        Stop: { Type: 'Fail', Error: 'Done', Cause: 'by design' },
      },
    };
    const lookup: LocalTaskHandler = async () => ({ value: 42 });
    const service = await startLocalStepFunctions({
      region: 'eu-west-1',
      stateMachines: [{ name: 'shapes', definition, tasks: { Lookup: lookup } }],
    });
    const sfn = new SFNClient({
      region: 'eu-west-1',
      endpoint: service.endpoint,
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    });
    cleanups.push(async () => {
      sfn.destroy();
      await service.stop();
    });
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: service.stateMachineArn('shapes'), input: JSON.stringify({ items: [1, 2] }) }),
    );
    const failed = await eventually(async () => {
      const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      return execution.status === 'FAILED' ? execution : undefined;
    }, 'the Fail state');
    expect(failed).toMatchObject({ error: 'Done', cause: 'by design' });

    const events = (await sfn.send(new GetExecutionHistoryCommand({ executionArn }))).events ?? [];
    const names = types(events);
    expect(names.slice(0, 3)).toEqual(['ExecutionStarted', 'ParallelStateEntered', 'ParallelStateStarted']);
    expect(names).toContain('PassStateEntered');
    expect(names).toContain('TaskSucceeded');
    const parallelExit = names.indexOf('ParallelStateExited');
    expect(names[parallelExit - 1]).toBe('ParallelStateSucceeded');
    expect(JSON.parse(events[parallelExit]?.stateExitedEventDetails?.output as string)).toMatchObject({
      both: ['left', { value: 42 }],
    });
    expect(names.slice(parallelExit + 1, parallelExit + 4)).toEqual([
      'MapStateEntered',
      'MapStateStarted',
      'MapIterationStarted',
    ]);
    const iterations = events.filter((e) => e.type === 'MapIterationSucceeded').map((e) => e.mapIterationSucceededEventDetails);
    expect(iterations.sort((x, y) => (x?.index ?? 0) - (y?.index ?? 0))).toEqual([
      { name: 'Each', index: 0 },
      { name: 'Each', index: 1 },
    ]);
    expect(names.slice(-4)).toEqual(['MapStateSucceeded', 'MapStateExited', 'FailStateEntered', 'ExecutionFailed']);
  });
});

describe('starting the local Step Functions service', () => {
  const withState = (name: string, patch: Record<string, unknown> | undefined) => {
    const definition = structuredClone(asl);
    if (patch === undefined) delete definition.States[name]?.TimeoutSeconds;
    else Object.assign(definition.States[name] as object, patch);
    return definition;
  };
  const noop: LocalTaskHandler = async () => ({});
  const handlers = { AwaitPayment: noop, ComputeFee: noop };
  const startWith = (definition: object, tasks: Record<string, LocalTaskHandler> = handlers) =>
    startLocalStepFunctions({ region: 'eu-west-1', stateMachines: [{ name: 'refused', definition, tasks }] });

  it.each([
    [
      'a TimeoutSeconds beyond Node’s timer limit',
      withState('AwaitPayment', { TimeoutSeconds: 2_147_484 }),
      /Node's timer limit/,
    ],
    ['a Task without TimeoutSeconds', withState('ComputeFee', undefined), /ComputeFee' has no TimeoutSeconds/],
    ['a Wait longer than Node’s timer limit', withState('Waived', { Type: 'Wait', Seconds: 3_000_000 }), /Wait/],
    [
      'a Task resource other than the Lambda integrations',
      withState('ComputeFee', { Resource: 'arn:aws:states:::sqs:sendMessage' }),
      /sqs/,
    ],
    ['HeartbeatSeconds, which the interpreter ignores', withState('AwaitPayment', { HeartbeatSeconds: 60 }), /HeartbeatSeconds/],
  ])('refuses %s', async (_, definition, message) => {
    await expect(startWith(definition)).rejects.toThrow(message);
  });

  it('refuses a timeout override that names nothing it runs', async () => {
    await expect(
      startLocalStepFunctions({
        region: 'eu-west-1',
        stateMachines: [{ name: 'refused', definition: asl, tasks: handlers }],
        timeoutOverrides: { AwaitPaymnet: 0.2 },
      }),
    ).rejects.toThrow(/'AwaitPaymnet', which is neither a Task state nor a state machine/);
  });

  it('refuses a Task without a handler and a handler without a Task', async () => {
    await expect(startWith(asl, { AwaitPayment: handlers.AwaitPayment })).rejects.toThrow(/ComputeFee' has no local handler/);
    await expect(startWith(asl, { ...handlers, Refund: noop })).rejects.toThrow(/'Refund', which is not a Task state/);
  });

  it('accepts the fixture as written (the checks do not refuse a valid definition)', async () => {
    const service = await startWith(asl);
    await service.stop();
    expect(service.stateMachineArn('refused')).toBe('arn:aws:states:eu-west-1:123456789012:stateMachine:refused');
  });
});
