import { DescribeExecutionCommand, GetExecutionHistoryCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalTaskHandler, startLocalStepFunctions } from '../../lib/local/stepfunctions';
import { prepareDefinition } from '../../lib/local/stepfunctions/definition';

/**
 * ESCROW_TIME_SCALE in the local Step Functions: business timers (Wait, callback Task timeouts, the
 * execution timeout) run `factor` times as long; compute bounds and Retry intervals do not.
 */
const retry = [{ ErrorEquals: ['States.TaskFailed'], IntervalSeconds: 2, MaxAttempts: 3, MaxDelaySeconds: 60 }];
const lambda = (callback: boolean) => ({
  Type: 'Task',
  Resource: `arn:aws:states:::lambda:invoke${callback ? '.waitForTaskToken' : ''}`,
  Parameters: { FunctionName: 'f', Payload: { 'token.$': '$$.Task.Token' } },
});

/** Three days' pause, a 7-day callback window, a one-minute function and a 20-day execution limit. */
const definition = {
  StartAt: 'CoolingOff',
  TimeoutSeconds: 1_728_000,
  States: {
    CoolingOff: { Type: 'Wait', Seconds: 259_200, Next: 'AwaitFunding' },
    AwaitFunding: {
      ...lambda(true),
      TimeoutSeconds: 604_800,
      Retry: retry,
      Catch: [{ ErrorEquals: ['States.Timeout'], Next: 'Cancel' }],
      Next: 'Both',
    },
    Cancel: { ...lambda(false), TimeoutSeconds: 60, Retry: retry, End: true },
    Both: {
      Type: 'Parallel',
      Branches: [
        {
          StartAt: 'Grace',
          States: { Grace: { Type: 'Wait', Seconds: 1, Next: 'Now' }, Now: { Type: 'Wait', Seconds: 0, End: true } },
        },
      ],
      End: true,
    },
  },
};
const handlers = ['AwaitFunding', 'Cancel'];

type States = Record<string, Record<string, unknown>>;
const statesOf = (runnable: object) => (runnable as { States: States }).States;

describe('scaling a definition’s business timers', () => {
  it('multiplies Wait Seconds, callback TimeoutSeconds and the execution timeout, nested states too', () => {
    const { runnable, tasks } = prepareDefinition('m', definition, handlers, { timeScale: 0.0001 });
    const states = statesOf(runnable);
    expect(states.CoolingOff?.Seconds).toBe(25.92);
    expect(states.AwaitFunding?.TimeoutSeconds).toBe(60.48);
    expect(tasks.get('AwaitFunding')?.timeoutSeconds).toBe(60.48);
    expect((runnable as { TimeoutSeconds?: number }).TimeoutSeconds).toBe(172.8);
    const [branch] = (states.Both?.Branches ?? []) as Array<{ States: States }>;
    // 1 s * 0.0001 is 0.1 ms: never rounded to 0 (no wait at all), but to the 1 ms a timer can last.
    expect(branch?.States.Grace?.Seconds).toBe(0.001);
    expect(branch?.States.Now?.Seconds).toBe(0);
  });

  it('leaves a function’s TimeoutSeconds (a compute bound) and every Retry as written', () => {
    const { runnable, tasks } = prepareDefinition('m', definition, handlers, { timeScale: 0.0001 });
    const states = statesOf(runnable);
    expect(states.Cancel?.TimeoutSeconds).toBe(60);
    expect(tasks.get('Cancel')?.timeoutSeconds).toBe(60);
    expect(states.AwaitFunding?.Retry).toEqual(retry);
    expect(states.Cancel?.Retry).toEqual(retry);
  });

  it('runs the definition as written at scale 1, and never changes the source', () => {
    const source = structuredClone(definition);
    expect(prepareDefinition('m', definition, handlers).runnable).toEqual(definition);
    expect(prepareDefinition('m', definition, handlers, { timeScale: 1 }).runnable).toEqual(definition);
    prepareDefinition('m', definition, handlers, { timeScale: 0.0001 });
    expect(definition).toEqual(source);
  });

  it('scales a test’s timeout override of a callback task too, but not one of a plain task', () => {
    const { tasks } = prepareDefinition('m', definition, handlers, {
      timeScale: 0.001,
      timeoutOverrides: { AwaitFunding: 100, Cancel: 5, m: 200 },
    });
    expect(tasks.get('AwaitFunding')?.timeoutSeconds).toBe(0.1);
    expect(tasks.get('Cancel')?.timeoutSeconds).toBe(5);
  });

  it('checks Node’s timer limit on the scaled timers: a 30-day wait runs at 0.5, a 20-day one not at 2', () => {
    const month = {
      ...definition,
      States: { ...definition.States, CoolingOff: { ...definition.States.CoolingOff, Seconds: 2_592_000 } },
    };
    expect(() => prepareDefinition('m', month, handlers)).toThrow(/CoolingOff' is 2592000 s/);
    expect(statesOf(prepareDefinition('m', month, handlers, { timeScale: 0.5 }).runnable).CoolingOff?.Seconds).toBe(1_296_000);
    expect(() => prepareDefinition('m', definition, handlers, { timeScale: 2 })).toThrow(
      /top-level TimeoutSeconds \(times the time scale 2\) is 3456000 s, above/,
    );
  });

  it('refuses a scale that is not a positive number, and a SecondsPath wait it cannot reach', () => {
    for (const timeScale of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => prepareDefinition('m', definition, handlers, { timeScale })).toThrow(/time scale must be a positive number/);
    }
    const dynamic = {
      ...definition,
      States: { ...definition.States, CoolingOff: { Type: 'Wait', SecondsPath: '$.s', Next: 'AwaitFunding' } },
    };
    expect(() => prepareDefinition('m', dynamic, handlers, { timeScale: 0.5 })).toThrow(/'CoolingOff' uses SecondsPath/);
    expect(() => prepareDefinition('m', dynamic, handlers)).not.toThrow();
  });
});

describe('the local Step Functions service at a time scale', () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  /** Polls (10 ms) until the execution is `status`; fails after 5 s, far less than any unscaled timer here. */
  async function until(sfn: SFNClient, executionArn: string, status: string) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      if (execution.status === status) return execution;
      if (Date.now() > deadline) throw new Error(`${executionArn} is still ${execution.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function run(states: Record<string, unknown>, tasks: Record<string, LocalTaskHandler>, timeScale: number) {
    const service = await startLocalStepFunctions({
      region: 'eu-west-1',
      stateMachines: [{ name: 'scaled', definition: { StartAt: 'Pause', States: states }, tasks }],
      timeScale,
    });
    const sfn = new SFNClient({
      region: 'eu-west-1',
      endpoint: service.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    stops.push(async () => {
      sfn.destroy();
      await service.stop();
    });
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: service.stateMachineArn('scaled'), input: '{}' }),
    );
    return { sfn, executionArn: executionArn as string };
  }

  /** Stores its token and returns: nobody ever answers, so only the scaled timeout can end the task. */
  const neverAnswered: LocalTaskHandler = async () => ({ stored: true });
  /** Far beyond the 5 ms its 5 s timeout would be if it were scaled like business time. */
  const fiftyMsOfWork: LocalTaskHandler = () => new Promise((resolve) => setTimeout(() => resolve({ done: true }), 50));

  it('ends a 100 s Wait and a 100 s callback window at 0.001 in about 0.2 s: the timeout’s Catch runs', async () => {
    const { sfn, executionArn } = await run(
      {
        Pause: { Type: 'Wait', Seconds: 100, Next: 'AwaitAnswer' },
        AwaitAnswer: {
          ...lambda(true),
          TimeoutSeconds: 100,
          Catch: [{ ErrorEquals: ['States.Timeout'], ResultPath: '$.expired', Next: 'Expired' }],
          End: true,
        },
        Expired: { Type: 'Succeed' },
      },
      { AwaitAnswer: neverAnswered },
      0.001,
    );
    const done = await until(sfn, executionArn, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toMatchObject({ expired: { Error: 'States.Timeout' } });
    const events = (await sfn.send(new GetExecutionHistoryCommand({ executionArn }))).events ?? [];
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['WaitStateEntered', 'WaitStateExited', 'TaskScheduled', 'TaskTimedOut', 'SucceedStateEntered']),
    );
    expect(events.find((e) => e.type === 'TaskScheduled')?.taskScheduledEventDetails?.timeoutInSeconds).toBe(0.1);
  });

  it('reads a TimeoutSecondsPath from the state’s input as AWS does, unscaled, and hands the handler only its Payload', async () => {
    const payloads: unknown[] = [];
    const keepPayload: LocalTaskHandler = async (payload) => {
      payloads.push(payload);
      return { stored: true };
    };
    const started = Date.now();
    const { sfn, executionArn } = await run(
      {
        // The product computes the timer itself from a deadline it already scaled: the service must not scale it again.
        Pause: { Type: 'Pass', Result: { seconds: 1 }, ResultPath: '$.timer', Next: 'AwaitAnswer' },
        AwaitAnswer: {
          ...lambda(true),
          TimeoutSecondsPath: '$.timer.seconds',
          Catch: [{ ErrorEquals: ['States.Timeout'], ResultPath: '$.expired', Next: 'Expired' }],
          End: true,
        },
        Expired: { Type: 'Succeed' },
      },
      { AwaitAnswer: keepPayload },
      0.001,
    );
    const done = await until(sfn, executionArn, 'SUCCEEDED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(JSON.parse(done.output as string)).toMatchObject({ timer: { seconds: 1 }, expired: { Error: 'States.Timeout' } });
    expect(payloads).toEqual([{ token: expect.any(String) }]);
    const events = (await sfn.send(new GetExecutionHistoryCommand({ executionArn }))).events ?? [];
    const scheduled = events.find((e) => e.type === 'TaskScheduled')?.taskScheduledEventDetails;
    expect(scheduled?.timeoutInSeconds).toBe(1);
    expect(JSON.parse(scheduled?.parameters ?? '{}')).not.toHaveProperty('timer');
  });

  it('refuses a TimeoutSecondsPath it cannot read as AWS does', () => {
    const states = (path: string, parameters: object = { FunctionName: 'f', Payload: {} }) => ({
      StartAt: 'A',
      States: { A: { ...lambda(true), Parameters: parameters, TimeoutSecondsPath: path, End: true } },
    });
    expect(() => prepareDefinition('m', states('$.timer[0]'), ['A'])).toThrow(/TimeoutSecondsPath like \$\.a\.b/);
    expect(() => prepareDefinition('m', states('$.timer.seconds', { FunctionName: 'f', 'timer.$': '$.x' }), ['A'])).toThrow(
      /already name 'timer'/,
    );
  });

  it('gives a function its whole TimeoutSeconds however small the scale', async () => {
    const { sfn, executionArn } = await run(
      {
        Pause: { Type: 'Wait', Seconds: 10, Next: 'Work' },
        Work: { ...lambda(false), TimeoutSeconds: 5, ResultSelector: { 'done.$': '$.Payload.done' }, End: true },
      },
      { Work: fiftyMsOfWork },
      0.001,
    );
    const done = await until(sfn, executionArn, 'SUCCEEDED');
    expect(JSON.parse(done.output as string)).toEqual({ done: true });
  });

  it('refuses to start at a time scale that is not a positive number', async () => {
    await expect(
      startLocalStepFunctions({
        region: 'eu-west-1',
        stateMachines: [{ name: 'bad', definition: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } }, tasks: {} }],
        timeScale: 0,
      }),
    ).rejects.toThrow(/time scale must be a positive number/);
  });
});
