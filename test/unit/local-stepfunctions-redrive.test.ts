import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  ListExecutionsCommand,
  RedriveExecutionCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalTaskHandler, startLocalStepFunctions } from '../../lib/local/stepfunctions';

/**
 * The local Step Functions' RedriveExecution (AWS's rules and errors), its one-year limit and the
 * throttle fault switch of a task's function, against the service over the real SDK client.
 */
const asl = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/stepfunctions/checkout.asl.json'), 'utf8')) as {
  States: Record<string, Record<string, unknown>>;
};
const machineName = 'checkout-test';
const lambdaErrors = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function start(options: { computeFee?: LocalTaskHandler; dataDir?: string; definition?: object; timeScale?: number } = {}) {
  const tokens: string[] = [];
  let feeCalls = 0;
  const awaitPayment: LocalTaskHandler = async (payload) => {
    tokens.push((payload as { taskToken: string }).taskToken);
    return {};
  };
  const computeFee: LocalTaskHandler = async (payload) => {
    feeCalls += 1;
    return options.computeFee ? options.computeFee(payload) : { fee: 7 };
  };
  const service = await startLocalStepFunctions({
    region: 'eu-west-1',
    dataDir: options.dataDir,
    timeScale: options.timeScale,
    stateMachines: [
      {
        name: machineName,
        definition: options.definition ?? asl,
        tasks: { AwaitPayment: awaitPayment, ComputeFee: computeFee },
      },
    ],
    retryIntervalOverrides: { AwaitPayment: 0, ComputeFee: 20 },
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
  const describe = (executionArn: string) => sfn.send(new DescribeExecutionCommand({ executionArn }));
  return {
    service,
    sfn,
    stop,
    feeCalls: () => feeCalls,
    start: async (name: string) =>
      (await sfn.send(new StartExecutionCommand({ stateMachineArn: machineArn, name, input: JSON.stringify({ orderId: name }) })))
        .executionArn as string,
    describe,
    untilStatus: (executionArn: string, status: string) =>
      eventually(async () => {
        const execution = await describe(executionArn);
        return execution.status === status ? execution : undefined;
      }, `${executionArn} to be ${status}`),
    pay: async (n: number, amount: number) => {
      const token = await eventually(() => tokens[n - 1], `AwaitPayment call ${n}`);
      await sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify({ amount }) }));
    },
    redrive: (executionArn: string, clientToken?: string) => sfn.send(new RedriveExecutionCommand({ executionArn, clientToken })),
    history: async (executionArn: string) =>
      (await sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000 }))).events ?? [],
    list: async () => (await sfn.send(new ListExecutionsCommand({ stateMachineArn: machineArn }))).executions ?? [],
  };
}

/** A fee service that fails until `fixed` says otherwise, as an outage nothing catches. */
function failingFee(state: { fixed: boolean }): LocalTaskHandler {
  return async () => {
    if (!state.fixed) throw Object.assign(new Error('the fee table is unreachable'), { name: 'FeeTableDown' });
    return { fee: 7 };
  };
}

describe('RedriveExecution on the local Step Functions', () => {
  it('runs a FAILED execution again to SUCCEEDED under the same ARN, counting the redrive in the history, DescribeExecution and ListExecutions', async () => {
    const fee = { fixed: false };
    const sfn = await start({ computeFee: failingFee(fee) });
    const arn = await sfn.start('order-r1');
    await sfn.pay(1, 300);
    const failed = await sfn.untilStatus(arn, 'FAILED');
    expect(failed).toMatchObject({ error: 'FeeTableDown', redriveCount: 0, redriveStatus: 'REDRIVABLE' });

    fee.fixed = true;
    const { redriveDate } = await sfn.redrive(arn);
    expect(redriveDate).toBeInstanceOf(Date);
    // Locally the execution runs from its first state again: the payment step answers once more.
    await sfn.pay(2, 300);
    const done = await sfn.untilStatus(arn, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ fee: { fee: 7 }, outcome: 'charged' });
    expect(done).toMatchObject({ redriveCount: 1, redriveStatus: 'NOT_REDRIVABLE' });
    expect(done.redriveDate?.getTime()).toBe(redriveDate?.getTime());
    expect(done.startDate?.getTime()).toBe(failed.startDate?.getTime());
    const events = await sfn.history(arn);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'ExecutionStarted')).toHaveLength(1);
    expect(types.indexOf('ExecutionRedriven')).toBe(types.indexOf('ExecutionFailed') + 1);
    expect(events.find((e) => e.type === 'ExecutionRedriven')?.executionRedrivenEventDetails).toEqual({ redriveCount: 1 });
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect((await sfn.list()).find((e) => e.executionArn === arn)).toMatchObject({ status: 'SUCCEEDED', redriveCount: 1 });
  });

  it('refuses a running or succeeded execution (ExecutionNotRedrivable, with AWS’s reason) and an unknown one', async () => {
    const sfn = await start();
    const arn = await sfn.start('order-r2');
    await eventually(async () => ((await sfn.describe(arn)).status === 'RUNNING' ? true : undefined), 'running');
    await expect(sfn.redrive(arn)).rejects.toMatchObject({
      name: 'ExecutionNotRedrivable',
      message: 'Execution is RUNNING and cannot be redriven.',
    });
    await sfn.pay(1, 100);
    await sfn.untilStatus(arn, 'SUCCEEDED');
    await expect(sfn.redrive(arn)).rejects.toMatchObject({
      name: 'ExecutionNotRedrivable',
      message: 'Execution is SUCCEEDED and cannot be redriven.',
    });
    await expect(sfn.redrive(`${arn}-missing`)).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
    await expect(sfn.redrive('arn:aws:states:eu-west-1:1:nope')).rejects.toMatchObject({ name: 'InvalidArn' });
  });

  it('answers the same client token with the first redrive, not a second one', async () => {
    const fee = { fixed: false };
    const sfn = await start({ computeFee: failingFee(fee) });
    const arn = await sfn.start('order-r3');
    await sfn.pay(1, 300);
    await sfn.untilStatus(arn, 'FAILED');
    const first = await sfn.redrive(arn, 'ops-retry-1');
    const again = await sfn.redrive(arn, 'ops-retry-1');
    expect(again.redriveDate?.getTime()).toBe(first.redriveDate?.getTime());
    expect((await sfn.describe(arn)).redriveCount).toBe(1);
    expect((await sfn.history(arn)).filter((e) => e.type === 'ExecutionRedriven')).toHaveLength(1);
  });

  it('refuses an execution that failed more than 14 days ago: its redrivable period is over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-sfn-redrive-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const before = await start({ dataDir, computeFee: failingFee({ fixed: false }) });
    const arn = await before.start('order-old');
    await before.pay(1, 300);
    await before.untilStatus(arn, 'FAILED');
    await before.stop();
    // Fifteen days pass (the kept execution's stop date moved back, as the clock would have).
    const folder = join(dataDir, machineName);
    const file = join(folder, readdirSync(folder).find((f) => f.startsWith('order-old')) as string);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    stored.execution.stopDate -= 15 * 24 * 60 * 60 * 1000;
    writeFileSync(file, JSON.stringify(stored));

    const after = await start({ dataDir });
    expect(await after.describe(arn)).toMatchObject({
      status: 'FAILED',
      redriveStatus: 'NOT_REDRIVABLE',
      redriveStatusReason: 'Execution redrivable period exceeded.',
    });
    await expect(after.redrive(arn)).rejects.toMatchObject({
      name: 'ExecutionNotRedrivable',
      message: 'Execution redrivable period exceeded.',
    });
  });
});

describe('the one-year limit of a local execution', () => {
  it('ends an execution still running a year (times the time scale) after it started: TIMED_OUT, never redrivable', async () => {
    // A year at 1e-9 is about 32 ms; the payment's window (2e9 s) about 2 s.
    const longWait = structuredClone(asl);
    (longWait.States.AwaitPayment as { TimeoutSeconds: number }).TimeoutSeconds = 2_000_000_000;
    const sfn = await start({ timeScale: 1e-9, definition: longWait });
    const arn = await sfn.start('order-year');
    const timedOut = await sfn.untilStatus(arn, 'TIMED_OUT');
    expect(timedOut).toMatchObject({ error: 'States.Timeout', redriveStatus: 'NOT_REDRIVABLE' });
    expect(timedOut.redriveStatusReason).toBe('Execution has exceeded the max execution time.');
    expect((await sfn.history(arn)).map((e) => e.type).slice(-2)).toEqual(['TaskStateAborted', 'ExecutionTimedOut']);
    await expect(sfn.redrive(arn)).rejects.toMatchObject({ name: 'ExecutionNotRedrivable' });
  });
});

describe('throttling a task function (a fault switch)', () => {
  it('fails the task as the lambda:invoke integration reports a throttled function, without running it', async () => {
    const sfn = await start();
    sfn.service.throttle('ComputeFee', true);
    const arn = await sfn.start('order-t1');
    await sfn.pay(1, 300);
    const failed = await sfn.untilStatus(arn, 'FAILED');
    expect(failed.error).toBe('Lambda.TooManyRequestsException');
    expect(failed.cause).toMatch(
      /^Rate Exceeded\. \(Service: AWSLambda; Status Code: 429; Error Code: TooManyRequestsException;/,
    );
    expect(sfn.feeCalls()).toBe(0);
    const failedTask = (await sfn.history(arn)).find((e) => e.type === 'TaskFailed');
    expect(failedTask?.taskFailedEventDetails).toMatchObject({ error: 'Lambda.TooManyRequestsException' });
  });

  it('is survived by a Retry on Lambda’s transient errors once the throttling stops', async () => {
    const retried = structuredClone(asl);
    (retried.States.ComputeFee as { Retry: unknown[] }).Retry = [
      { ErrorEquals: lambdaErrors, IntervalSeconds: 1, BackoffRate: 2, MaxAttempts: 50 },
    ];
    const sfn = await start({ definition: retried });
    sfn.service.throttle('ComputeFee', true);
    const arn = await sfn.start('order-t2');
    await sfn.pay(1, 300);
    await eventually(
      async () => ((await sfn.history(arn)).filter((e) => e.type === 'TaskFailed').length >= 2 ? true : undefined),
      'two throttled attempts',
    );
    sfn.service.throttle('ComputeFee', false);
    const done = await sfn.untilStatus(arn, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ fee: { fee: 7 } });
    expect(sfn.feeCalls()).toBe(1);
    expect(() => sfn.service.throttle('NoSuchState', true)).toThrow(/No Task state/);
  });
});
