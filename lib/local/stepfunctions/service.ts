import { randomBytes, randomUUID } from 'node:crypto';
import type { StateMachine } from 'aws-local-stepfunctions';
import { type PreparedDefinition, readDottedPath, type TaskPlan } from './definition';
import { executionDoesNotExist, invalidArn, invalidToken, SfnError, validation } from './errors';
import type { ExecutionRecord, ExecutionStatus, ExecutionStore, HistoryEvent } from './store';

/** A Lambda handler as a Task state invokes it: its event is the state's resolved `Payload`. */
export type TaskHandler = (payload: unknown) => Promise<unknown>;

/** One state machine the service runs: its interpreter (built from the prepared definition) and handlers. */
export interface MachineRuntime {
  name: string;
  arn: string;
  interpreter: StateMachine;
  prepared: PreparedDefinition;
  handlers: Record<string, TaskHandler>;
}

/** What the service runs and how it names things (ARNs use region and account). */
export interface ServiceOptions {
  region: string;
  accountId: string;
  store: ExecutionStore;
  machines: MachineRuntime[];
  retryIntervalOverrides?: Record<string, number | number[]>;
  /**
   * Business time's factor: AWS's one-year limit on an execution is scaled by it, as the
   * execution's own TimeoutSeconds is (definition.ts `TimerSettings`). @default 1
   */
  timeScale?: number;
}

type EventLog = ReturnType<StateMachine['run']>['eventLogs'] extends AsyncGenerator<infer E> ? E : never;
type JsonValue = Parameters<StateMachine['run']>[0];
type Input = Record<string, unknown>;

/** A running execution: one interpretation of it, from the start (a resume is a new run). */
interface Run {
  execution: ExecutionRecord;
  machine: MachineRuntime;
  /** Set once the run must have no further effect: stopped, finished, or the service shut down. */
  closed: boolean;
  abort: () => void;
  pending: Set<PendingTask>;
  /** The state entered and not yet exited, for `<Type>StateAborted` on a stop. */
  openState?: { name: string; type: string };
  /** Parallel / Map states that failed since they were entered (no `...StateSucceeded` for them). */
  failedStates: Set<string>;
  /** Ends the execution at AWS's one-year limit (cleared when the run closes). */
  yearTimer?: NodeJS.Timeout;
}

/** One attempt of a Task state (each retry is a new one, with a new token for a callback). */
interface PendingTask {
  run: Run;
  plan: TaskPlan;
  token?: string;
  settled: boolean;
  resolve: (output: JsonValue) => void;
  reject: (error: Error) => void;
}

const statuses: ExecutionStatus[] = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED', 'PENDING_REDRIVE'];
/** AWS ends a Standard execution after a year (its history then says States.Timeout). */
const maxExecutionMs = 365 * 24 * 60 * 60 * 1000;
/** AWS redrives an execution that failed, timed out or was aborted in the last 14 days, at most 1,000 times. */
const redrivableMs = 14 * 24 * 60 * 60 * 1000;
const maxRedrives = 1000;
/** AWS refuses to redrive an execution whose history is this long. */
const maxRedrivableEvents = 24_999;
/** RedriveExecution answers a client token it saw in the last 15 minutes with its first answer. */
const clientTokenMs = 15 * 60 * 1000;
/** What DescribeExecution says of a redrive AWS would refuse, and RedriveExecution's message then. */
type NotRedrivable = string | undefined;
// setTimeout fires at once beyond this (FACTS.md): longer waits are taken in turns.
const maxTimeoutMs = 2_147_483_647;
const maxPayloadBytes = 256 * 1024;
// Opaque to callers as on AWS; the fixed shape tells a malformed token (InvalidToken) from an unknown
// one. Like AWS's, it carries its state machine (IAM authorizes an answer on it, even once the task
// is gone or the service restarted): `lsfn1.<machine name, base64url>.<32 random bytes>`.
const tokenPattern = /^lsfn1\.([A-Za-z0-9_-]{1,120})\.[A-Za-z0-9_-]{43}$/;
// AWS: 1-80 characters, no whitespace, brackets, wildcards, special or control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what AWS refuses
const namePattern = /^[^\s<>{}[\]?*"#%\\^|~`$&,;:/\u0000-\u001f\u007f-\u009f]{1,80}$/u;

/**
 * The Step Functions API over a set of state machines run by aws-local-stepfunctions: the
 * execution registry and AWS-shaped histories (kept in the store), task tokens for
 * `.waitForTaskToken` states, stop, and resume after a restart. Each operation takes and returns
 * the JSON body of the real API and throws {@link SfnError} with AWS's error names.
 */
export class StepFunctionsService {
  readonly operations: Record<string, (input: Input) => Promise<unknown>>;
  private readonly runs = new Map<string, Run>();
  private readonly tokens = new Map<string, PendingTask>();
  private readonly timedOutTokens = new Set<string>();
  private readonly machines: Map<string, MachineRuntime>;
  /** Task state names whose function answers as Lambda does when throttled (a fault switch). */
  private readonly throttled = new Set<string>();
  /** Client tokens of recent redrives, by execution: a retried request is answered, not redriven twice. */
  private readonly redriveTokens = new Map<string, { token: string; at: number; redriveDate: number }[]>();

  constructor(private readonly options: ServiceOptions) {
    this.machines = new Map(options.machines.map((m) => [m.arn, m]));
    this.operations = {
      StartExecution: async (input) => this.startExecution(input),
      DescribeExecution: async (input) => this.describeExecution(input),
      ListExecutions: async (input) => this.listExecutions(input),
      GetExecutionHistory: async (input) => this.getExecutionHistory(input),
      StopExecution: async (input) => this.stopExecution(input),
      RedriveExecution: async (input) => this.redriveExecution(input),
      SendTaskSuccess: async (input) => this.sendTaskSuccess(input),
      SendTaskFailure: async (input) => this.sendTaskFailure(input),
      SendTaskHeartbeat: async (input) => this.sendTaskHeartbeat(input),
    };
  }

  /** The state machine a task token was given out by (IAM asks about it), or undefined for a token not of this service. */
  stateMachineOfToken(token: string): string | undefined {
    const name = tokenPattern.exec(token)?.[1];
    return name === undefined
      ? undefined
      : [...this.machines.values()].find((m) => Buffer.from(m.name).toString('base64url') === name)?.arn;
  }

  /** The store's view for the executions page. */
  get store(): ExecutionStore {
    return this.options.store;
  }

  /**
   * Re-runs every execution left RUNNING by an earlier process from the start with its input:
   * task handlers are idempotent and fast-forward (ARCHITECTURE.md §5). Tokens of the earlier run
   * are gone; the history keeps its events and continues.
   */
  resumeOpenExecutions(): void {
    for (const execution of this.options.store.list().reverse()) {
      const machine = this.machines.get(execution.stateMachineArn);
      if (execution.status === 'RUNNING' && machine) this.launch(execution, machine);
    }
  }

  /** Ends every run without changing its status, so a later start resumes it. */
  shutdown(): void {
    for (const run of [...this.runs.values()]) this.close(run);
  }

  /**
   * The fault switch of a task's function: while on, every invocation of the Task state
   * `stateName` fails as the lambda:invoke integration reports a throttled function
   * (Lambda.TooManyRequestsException, HTTP 429), without running it; the state's Retry and Catch
   * see that error.
   */
  throttle(stateName: string, on: boolean): void {
    if (![...this.machines.values()].some((m) => m.prepared.tasks.has(stateName)))
      throw new Error(`No Task state named '${stateName}' to throttle`);
    if (on) this.throttled.add(stateName);
    else this.throttled.delete(stateName);
  }

  private startExecution(input: Input) {
    const machineArn = requiredString(input, 'stateMachineArn');
    const machine = this.machineFor(machineArn);
    const name = input.name === undefined ? randomUUID() : requiredString(input, 'name');
    if (!namePattern.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
    const text = input.input === undefined ? '{}' : requiredString(input, 'input');
    if (Buffer.byteLength(text) > maxPayloadBytes) throw validation('Execution input is larger than 256 KiB');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SfnError('InvalidExecutionInput', `Invalid State Machine Execution Input: '${text}'`);
    }
    const executionArn = this.executionArn(machine.name, name);
    const existing = this.options.store.get(executionArn);
    if (existing) {
      // AWS: the same name and input while it runs is the same execution (idempotent start).
      if (existing.status === 'RUNNING' && existing.input === text) {
        return { executionArn, startDate: seconds(existing.startDate) };
      }
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const execution = this.options.store.create({
      executionArn,
      stateMachineArn: machine.arn,
      machineName: machine.name,
      name,
      input: text,
      status: 'RUNNING',
      startDate: Date.now(),
      runs: 0,
    });
    this.options.store.append(
      execution,
      'ExecutionStarted',
      {
        executionStartedEventDetails: {
          input: JSON.stringify(parsed),
          inputDetails: { truncated: false },
          roleArn: this.roleArn(machine.name),
        },
      },
      execution.startDate,
    );
    this.launch(execution, machine);
    return { executionArn, startDate: seconds(execution.startDate) };
  }

  private describeExecution(input: Input) {
    const execution = this.execution(requiredString(input, 'executionArn'));
    return {
      executionArn: execution.executionArn,
      stateMachineArn: execution.stateMachineArn,
      name: execution.name,
      status: execution.status,
      startDate: seconds(execution.startDate),
      stopDate: execution.stopDate === undefined ? undefined : seconds(execution.stopDate),
      input: execution.input,
      inputDetails: { included: true },
      output: execution.output,
      outputDetails: execution.output === undefined ? undefined : { included: true },
      error: execution.error,
      cause: execution.cause,
      redriveCount: execution.redriveCount ?? 0,
      redriveDate: execution.redriveDate === undefined ? undefined : seconds(execution.redriveDate),
      ...this.redriveStatus(execution),
    };
  }

  /** DescribeExecution's redriveStatus, and its reason when AWS would refuse a redrive. */
  private redriveStatus(execution: ExecutionRecord): { redriveStatus: string; redriveStatusReason?: string } {
    const reason = this.notRedrivable(execution);
    return reason === undefined
      ? { redriveStatus: 'REDRIVABLE' }
      : { redriveStatus: 'NOT_REDRIVABLE', redriveStatusReason: reason };
  }

  /** Why AWS would refuse to redrive the execution now (its redriveStatusReason), or undefined. */
  private notRedrivable(execution: ExecutionRecord, now = Date.now()): NotRedrivable {
    if (execution.status === 'RUNNING' || execution.status === 'PENDING_REDRIVE')
      return 'Execution is RUNNING and cannot be redriven.';
    if (execution.status === 'SUCCEEDED') return 'Execution is SUCCEEDED and cannot be redriven.';
    if (execution.cause === yearCause) return 'Execution has exceeded the max execution time.';
    if (now - (execution.stopDate ?? now) > redrivableMs) return 'Execution redrivable period exceeded.';
    if ((execution.redriveCount ?? 0) >= maxRedrives) return 'Execution has reached the maximum number of redrives.';
    if (this.options.store.history(execution.executionArn).length >= maxRedrivableEvents)
      return 'Execution history event limit exceeded.';
    return undefined;
  }

  /**
   * RedriveExecution, with AWS's rules and errors: only an execution that FAILED, TIMED_OUT or
   * was ABORTED within the last 14 days, not past AWS's year, redriven fewer than 1,000 times, its
   * history under 24,999 events; it runs again under the same ARN, with `ExecutionRedriven`
   * (its redriveCount) in the history and the count and date in DescribeExecution and
   * ListExecutions. AWS continues from the state that failed, with that state's input; the local
   * service re-runs the execution from its first state with its input instead, as it resumes one
   * after a restart: task handlers are idempotent and callback tasks fast-forward through what
   * already happened (ARCHITECTURE.md §5), so the run ends where AWS's would. A client token seen
   * in the last 15 minutes answers as the redrive it came with did.
   */
  private redriveExecution(input: Input) {
    const execution = this.execution(requiredString(input, 'executionArn'));
    const token = optionalString(input, 'clientToken', 64);
    const now = Date.now();
    const recent = (this.redriveTokens.get(execution.executionArn) ?? []).filter((t) => now - t.at < clientTokenMs);
    this.redriveTokens.set(execution.executionArn, recent);
    const seen = token === undefined ? undefined : recent.find((t) => t.token === token);
    if (seen) return { redriveDate: seconds(seen.redriveDate) };
    const reason = this.notRedrivable(execution, now);
    if (reason !== undefined) throw new SfnError('ExecutionNotRedrivable', reason);
    const machine = this.machineFor(execution.stateMachineArn);
    execution.redriveCount = (execution.redriveCount ?? 0) + 1;
    execution.redriveDate = now;
    Object.assign(execution, { status: 'RUNNING', stopDate: undefined, output: undefined, error: undefined, cause: undefined });
    this.options.store.append(execution, 'ExecutionRedriven', {
      executionRedrivenEventDetails: { redriveCount: execution.redriveCount },
    });
    if (token !== undefined) recent.push({ token, at: now, redriveDate: now });
    this.launch(execution, machine);
    return { redriveDate: seconds(now) };
  }

  private listExecutions(input: Input) {
    const machine = this.machineFor(requiredString(input, 'stateMachineArn'));
    const status = input.statusFilter;
    if (status !== undefined && !statuses.includes(status as ExecutionStatus)) {
      throw validation(`Invalid statusFilter: '${String(status)}'`);
    }
    const limit = pageSize(input.maxResults);
    const after = input.nextToken === undefined ? undefined : decodePageToken(input.nextToken, 'list', machine.arn);
    const matching = this.options.store
      .list()
      .filter((e) => e.stateMachineArn === machine.arn && (status === undefined || e.status === status))
      .filter((e) => after === undefined || e.seq < after);
    const page = matching.slice(0, limit);
    const last = page.at(-1);
    return {
      executions: page.map((e) => ({
        executionArn: e.executionArn,
        stateMachineArn: e.stateMachineArn,
        name: e.name,
        status: e.status,
        startDate: seconds(e.startDate),
        stopDate: e.stopDate === undefined ? undefined : seconds(e.stopDate),
        redriveCount: e.redriveCount ?? 0,
        redriveDate: e.redriveDate === undefined ? undefined : seconds(e.redriveDate),
      })),
      nextToken: matching.length > limit && last ? encodePageToken('list', machine.arn, last.seq) : undefined,
    };
  }

  private getExecutionHistory(input: Input) {
    const execution = this.execution(requiredString(input, 'executionArn'));
    const reverse = input.reverseOrder === true;
    const includeData = input.includeExecutionData !== false;
    const limit = pageSize(input.maxResults);
    const scope = `${execution.executionArn}|${reverse}`;
    const start = input.nextToken === undefined ? 0 : decodePageToken(input.nextToken, 'history', scope);
    const all = this.options.store.history(execution.executionArn);
    const ordered = reverse ? [...all].reverse() : all;
    const page = ordered.slice(start, start + limit);
    return {
      events: page.map((e) => toApiEvent(e, includeData)),
      nextToken: start + limit < ordered.length ? encodePageToken('history', scope, start + limit) : undefined,
    };
  }

  private stopExecution(input: Input) {
    const execution = this.execution(requiredString(input, 'executionArn'));
    const error = optionalString(input, 'error', 256);
    const cause = optionalString(input, 'cause', 32768);
    // AWS answers a stop of a closed execution with its stop date and changes nothing.
    if (execution.status !== 'RUNNING') return { stopDate: seconds(execution.stopDate ?? Date.now()) };
    const run = this.runs.get(execution.executionArn);
    const open = run?.openState;
    if (run) this.close(run);
    if (open && ['Task', 'Wait', 'Map', 'Parallel'].includes(open.type))
      this.options.store.append(execution, `${open.type}StateAborted`);
    this.finish(execution, 'ABORTED', { error, cause }, 'ExecutionAborted', { executionAbortedEventDetails: { error, cause } });
    return { stopDate: seconds(execution.stopDate ?? Date.now()) };
  }

  private sendTaskSuccess(input: Input) {
    const task = this.pendingTask(requiredString(input, 'taskToken'));
    const text = requiredString(input, 'output');
    if (Buffer.byteLength(text) > maxPayloadBytes) throw new SfnError('InvalidOutput', 'Output is larger than 256 KiB');
    let output: JsonValue;
    try {
      output = JSON.parse(text) as JsonValue;
    } catch {
      throw new SfnError('InvalidOutput', `Invalid Output: '${text}'`);
    }
    this.succeed(task, output);
    return {};
  }

  private sendTaskFailure(input: Input) {
    const task = this.pendingTask(requiredString(input, 'taskToken'));
    this.fail(task, optionalString(input, 'error', 256), optionalString(input, 'cause', 32768));
    return {};
  }

  private sendTaskHeartbeat(input: Input) {
    this.pendingTask(requiredString(input, 'taskToken'));
    return {};
  }

  /** Starts one interpretation of the execution, from its first state. */
  private launch(execution: ExecutionRecord, machine: MachineRuntime): void {
    execution.runs += 1;
    this.options.store.save(execution);
    // $$.Task.Token is the static context value (FACTS.md): a per-run placeholder, swapped for a
    // fresh token in each callback task's payload.
    const placeholder = `local-sfn-task-token-placeholder-${randomUUID()}`;
    const run: Run = { execution, machine, closed: false, abort: () => undefined, pending: new Set(), failedStates: new Set() };
    const handlers: Record<string, (params: JsonValue) => Promise<JsonValue>> = {};
    for (const plan of machine.prepared.tasks.values()) {
      handlers[plan.stateName] = (params) => this.runTask(run, plan, params, placeholder);
    }
    const { abort, result, eventLogs } = machine.interpreter.run(JSON.parse(execution.input) as JsonValue, {
      overrides: { taskResourceLocalHandlers: handlers, retryIntervalOverrides: this.options.retryIntervalOverrides },
      context: {
        Execution: { Id: execution.executionArn, Name: execution.name, RoleArn: this.roleArn(machine.name) },
        StateMachine: { Id: machine.arn, Name: machine.name },
        Task: { Token: placeholder },
      },
    });
    run.abort = abort;
    this.runs.set(execution.executionArn, run);
    this.endAtMaxTime(run);
    // The outcome is read from the event log, which orders it after the last state's events.
    result.catch(() => undefined);
    void this.follow(run, eventLogs);
  }

  /**
   * AWS ends an execution a year after it started (under the time scale, as every timer here):
   * TIMED_OUT, never redrivable. A run resumed past it ends at once.
   */
  private endAtMaxTime(run: Run): void {
    const endsAt = run.execution.startDate + maxExecutionMs * (this.options.timeScale ?? 1);
    const left = endsAt - Date.now();
    if (left > 0) {
      run.yearTimer = setTimeout(() => this.endAtMaxTime(run), Math.min(left, maxTimeoutMs));
      run.yearTimer.unref();
      return;
    }
    if (run.closed) return;
    const open = run.openState;
    this.close(run);
    if (open && ['Task', 'Wait', 'Map', 'Parallel'].includes(open.type))
      this.options.store.append(run.execution, `${open.type}StateAborted`);
    const fields = { error: 'States.Timeout', cause: yearCause };
    this.finish(run.execution, 'TIMED_OUT', fields, 'ExecutionTimedOut', { executionTimedOutEventDetails: fields });
  }

  private async runTask(run: Run, plan: TaskPlan, params: JsonValue, placeholder: string): Promise<JsonValue> {
    // The interpreter does not cancel a state on abort and may retry it (FACTS.md): a closed run
    // must never reach a handler again.
    if (run.closed) throw closedRunError();
    // The interpreter calls this in the same tick as it logs StateEntered; yielding once lets
    // follow() record that first, so TaskScheduled comes after TaskStateEntered.
    await new Promise((resolve) => setImmediate(resolve));
    if (run.closed) throw closedRunError();
    let resolve!: PendingTask['resolve'];
    let reject!: PendingTask['reject'];
    const promise = new Promise<JsonValue>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const task: PendingTask = { run, plan, settled: false, resolve, reject };
    let parameters = clone(params);
    let timeoutInSeconds = plan.timeoutSeconds;
    if (plan.timeoutSecondsPath && parameters && typeof parameters === 'object' && !Array.isArray(parameters)) {
      // The copy of the input's root that makes the interpreter read TimeoutSecondsPath as AWS does (definition.ts).
      timeoutInSeconds = readDottedPath(parameters, plan.timeoutSecondsPath.path) as number | undefined;
      delete parameters[plan.timeoutSecondsPath.rootKey];
    }
    if (plan.resource === 'invoke.waitForTaskToken') {
      task.token = `lsfn1.${Buffer.from(run.machine.name).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
      parameters = replaceText(parameters, placeholder, task.token);
      this.tokens.set(task.token, task);
    }
    run.pending.add(task);
    const details = { resourceType: 'lambda', resource: plan.resource };
    this.options.store.append(run.execution, 'TaskScheduled', {
      taskScheduledEventDetails: {
        ...details,
        region: this.options.region,
        parameters: JSON.stringify(parameters),
        timeoutInSeconds,
      },
    });
    this.options.store.append(run.execution, 'TaskStarted', { taskStartedEventDetails: details });
    if (this.throttled.has(plan.stateName)) {
      // As Step Functions reports a throttled invoke: the function never ran.
      this.fail(
        task,
        'Lambda.TooManyRequestsException',
        `Rate Exceeded. (Service: AWSLambda; Status Code: 429; Error Code: TooManyRequestsException; Request ID: ${randomUUID()}; Proxy: null)`,
      );
      return promise;
    }
    const payload = (parameters as { Payload?: unknown } | null)?.Payload ?? {};
    const handler = run.machine.handlers[plan.stateName] as TaskHandler;
    const invoked = Promise.resolve().then(() => handler(payload));
    invoked.then(
      (result) => {
        if (task.settled || run.closed) return;
        let envelope: JsonValue;
        try {
          envelope = lambdaEnvelope(result);
        } catch (error) {
          this.fail(task, 'Lambda.Unknown', `The handler's result is not JSON: ${(error as Error).message}`);
          return;
        }
        if (plan.resource === 'invoke') {
          this.succeed(task, envelope);
        } else {
          this.options.store.append(run.execution, 'TaskSubmitted', {
            taskSubmittedEventDetails: { ...details, output: JSON.stringify(envelope), outputDetails: { truncated: false } },
          });
        }
      },
      (error: unknown) => {
        if (task.settled || run.closed) return;
        const name = error instanceof Error ? error.name : 'Error';
        this.fail(task, name, error instanceof Error ? error.message : String(error));
      },
    );
    return promise;
  }

  private succeed(task: PendingTask, output: JsonValue): void {
    this.settle(task);
    this.options.store.append(task.run.execution, 'TaskSucceeded', {
      taskSucceededEventDetails: {
        resourceType: 'lambda',
        resource: task.plan.resource,
        output: JSON.stringify(output),
        outputDetails: { truncated: false },
      },
    });
    task.resolve(output);
  }

  /** Fails the attempt with an Error named `error`, so Retry and Catch match it by that name. */
  private fail(task: PendingTask, error: string | undefined, cause: string | undefined): void {
    this.settle(task);
    this.options.store.append(task.run.execution, 'TaskFailed', {
      taskFailedEventDetails: { resourceType: 'lambda', resource: task.plan.resource, error, cause },
    });
    task.reject(Object.assign(new Error(cause ?? ''), { name: error ?? '' }));
  }

  private settle(task: PendingTask): void {
    task.settled = true;
    task.run.pending.delete(task);
    if (task.token) this.tokens.delete(task.token);
  }

  /** Translates the interpreter's generic event log into AWS's history events. */
  private async follow(run: Run, events: AsyncGenerator<EventLog>): Promise<void> {
    for await (const event of events) {
      if (run.closed) continue;
      this.apply(run, event);
    }
  }

  private apply(run: Run, event: EventLog): void {
    const { execution } = run;
    const append = (type: string, details?: Record<string, unknown>) => this.options.store.append(execution, type, details);
    switch (event.type) {
      case 'StateEntered': {
        const { name, type, input } = event.state;
        run.openState = { name, type };
        run.failedStates.delete(name);
        execution.currentState = name;
        append(`${type}StateEntered`, {
          stateEnteredEventDetails: { name, input: JSON.stringify(input), inputDetails: { truncated: false } },
        });
        if (type === 'Parallel' || type === 'Map') append(`${type}StateStarted`);
        return;
      }
      case 'StateExited': {
        const { name, type, output } = event.state;
        if (type === 'Fail') return;
        if ((type === 'Parallel' || type === 'Map') && !run.failedStates.has(name)) append(`${type}StateSucceeded`);
        if (run.openState?.name === name) run.openState = undefined;
        append(`${type}StateExited`, {
          stateExitedEventDetails: { name, output: JSON.stringify(output ?? null), outputDetails: { truncated: false } },
        });
        return;
      }
      case 'StateFailed': {
        const { name, type } = event.state;
        if (type === 'Parallel' || type === 'Map') {
          run.failedStates.add(name);
          append(`${type}StateFailed`);
        }
        if (type === 'Task' && event.Error === 'States.Timeout') this.timedOut(run, name);
        return;
      }
      case 'MapIterationStarted':
      case 'MapIterationSucceeded':
      case 'MapIterationFailed': {
        const key = `mapIteration${event.type.slice('MapIteration'.length)}EventDetails`;
        append(event.type, { [key]: { name: event.parentState.name, index: event.index } });
        return;
      }
      case 'ExecutionSucceeded': {
        const output = JSON.stringify(event.output ?? null);
        this.close(run);
        this.finish(execution, 'SUCCEEDED', { output }, 'ExecutionSucceeded', {
          executionSucceededEventDetails: { output, outputDetails: { truncated: false } },
        });
        return;
      }
      case 'ExecutionFailed': {
        const error = event.Error;
        const cause = typeof event.Cause === 'string' ? event.Cause : JSON.stringify(event.Cause ?? null);
        this.close(run);
        this.finish(execution, 'FAILED', { error, cause }, 'ExecutionFailed', { executionFailedEventDetails: { error, cause } });
        return;
      }
      case 'ExecutionTimeout': {
        const fields = { error: 'States.Timeout', cause: 'The execution ran longer than the state machine TimeoutSeconds' };
        this.close(run);
        this.finish(execution, 'TIMED_OUT', fields, 'ExecutionTimedOut', { executionTimedOutEventDetails: fields });
        return;
      }
      default:
        // ExecutionStarted is recorded by StartExecution (once, not per run); ExecutionAborted by
        // StopExecution; retries and catches have no events of their own on AWS.
        return;
    }
  }

  /** The interpreter gave up on an attempt: its token now answers TaskTimedOut, forever. */
  private timedOut(run: Run, stateName: string): void {
    const task = [...run.pending].find((t) => t.plan.stateName === stateName);
    if (!task) return;
    this.settle(task);
    if (task.token) this.timedOutTokens.add(task.token);
    this.options.store.append(run.execution, 'TaskTimedOut', {
      taskTimedOutEventDetails: { resourceType: 'lambda', resource: task.plan.resource, error: 'States.Timeout' },
    });
  }

  /** Ends a run: no more events, handlers or tokens from it; the interpreter is aborted. */
  private close(run: Run): void {
    if (run.closed) return;
    run.closed = true;
    clearTimeout(run.yearTimer);
    this.runs.delete(run.execution.executionArn);
    run.abort();
    for (const task of [...run.pending]) {
      this.settle(task);
      // Settling lets the interpreter clear its timeout timer; the error is neither retried nor caught.
      task.reject(closedRunError());
    }
  }

  private finish(
    execution: ExecutionRecord,
    status: ExecutionStatus,
    fields: Pick<ExecutionRecord, 'output' | 'error' | 'cause'>,
    eventType: string,
    details: Record<string, unknown>,
  ): void {
    Object.assign(execution, { status, stopDate: Date.now(), currentState: undefined }, fields);
    this.options.store.append(execution, eventType, details, execution.stopDate);
  }

  private pendingTask(token: string): PendingTask {
    if (!tokenPattern.test(token)) throw invalidToken();
    if (this.timedOutTokens.has(token))
      throw new SfnError('TaskTimedOut', "Task Timed Out: 'Provided task does not exist anymore'");
    const task = this.tokens.get(token);
    if (!task || task.settled || task.run.closed) throw new SfnError('TaskDoesNotExist', 'Task does not exist');
    return task;
  }

  private machineFor(arn: string): MachineRuntime {
    const parts = arn.split(':');
    if (parts.length !== 7 || parts[0] !== 'arn' || parts[2] !== 'states' || parts[5] !== 'stateMachine') throw invalidArn(arn);
    const machine = this.machines.get(arn);
    if (!machine) throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${arn}'`);
    return machine;
  }

  private execution(arn: string): ExecutionRecord {
    const parts = arn.split(':');
    if (parts.length !== 8 || parts[0] !== 'arn' || parts[2] !== 'states' || parts[5] !== 'execution') throw invalidArn(arn);
    const execution = this.options.store.get(arn);
    if (!execution) throw executionDoesNotExist(arn);
    return execution;
  }

  private executionArn(machineName: string, name: string): string {
    return `arn:aws:states:${this.options.region}:${this.options.accountId}:execution:${machineName}:${name}`;
  }

  private roleArn(machineName: string): string {
    return `arn:aws:iam::${this.options.accountId}:role/${machineName}-local`;
  }
}

/** The event as the API returns it: epoch seconds, and without input/output unless asked for. */
function toApiEvent(event: HistoryEvent, includeData: boolean): Record<string, unknown> {
  const api: Record<string, unknown> = { ...event, timestamp: seconds(event.timestamp) };
  if (includeData) return api;
  for (const [key, value] of Object.entries(api)) {
    if (!key.endsWith('EventDetails') || typeof value !== 'object' || value === null) continue;
    const { input, inputDetails, output, outputDetails, parameters, ...rest } = value as Record<string, unknown>;
    api[key] = rest;
  }
  return api;
}

/** What AWS's `lambda:invoke` integration returns: the function's result under `Payload`. */
function lambdaEnvelope(result: unknown): JsonValue {
  const text = JSON.stringify(result);
  const requestId = randomUUID();
  const headers = { 'Content-Type': 'application/json', 'X-Amz-Executed-Version': '$LATEST', 'x-amzn-RequestId': requestId };
  return {
    ExecutedVersion: '$LATEST',
    Payload: text === undefined ? null : (JSON.parse(text) as JsonValue),
    SdkHttpMetadata: {
      AllHttpHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      HttpHeaders: headers,
      HttpStatusCode: 200,
    },
    SdkResponseMetadata: { RequestId: requestId },
    StatusCode: 200,
  };
}

/** The cause AWS gives an execution it ended at its one-year limit. */
const yearCause = 'The execution reached the maximum execution time of one year.';

function closedRunError(): Error {
  // The interpreter reads these two flags to skip Retry and Catch.
  return Object.assign(new Error('The execution is no longer running'), {
    name: 'States.Runtime',
    isRetryable: false,
    isCatchable: false,
  });
}

function clone(value: JsonValue): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}

function replaceText(value: JsonValue, from: string, to: string): JsonValue {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((v) => replaceText(v, from, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceText(v, from, to)]));
  }
  return value;
}

function seconds(ms: number): number {
  return ms / 1000;
}

function requiredString(input: Input, key: string): string {
  const value = input[key];
  if (typeof value !== 'string' || value.length === 0) throw validation(`1 validation error detected: '${key}' must not be null`);
  return value;
}

function optionalString(input: Input, key: string, max: number): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validation(`'${key}' must be a string`);
  if (value.length > max) throw validation(`'${key}' must have length less than or equal to ${max}`);
  return value;
}

function pageSize(maxResults: unknown): number {
  if (maxResults === undefined || maxResults === 0) return 100;
  if (typeof maxResults !== 'number' || !Number.isInteger(maxResults) || maxResults < 0 || maxResults > 1000) {
    throw validation("'maxResults' must be between 0 and 1000");
  }
  return maxResults;
}

function encodePageToken(kind: string, scope: string, position: number): string {
  return Buffer.from(JSON.stringify({ kind, scope, position })).toString('base64url');
}

function decodePageToken(token: unknown, kind: string, scope: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(String(token), 'base64url').toString('utf8')) as Record<string, unknown>;
    if (parsed.kind === kind && parsed.scope === scope && typeof parsed.position === 'number') return parsed.position;
  } catch {
    // fall through: any malformed token is InvalidToken
  }
  throw invalidToken('Invalid pagination token');
}
