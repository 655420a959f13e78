import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { scaledSeconds } from '../../../lambdas/core/domain/time-scale';

/** The longest delay Node's setTimeout honours; a longer one fires after 1 ms (FACTS.md). */
export const maxTimerSeconds = 2_147_483;

/** The Task resources the local service runs: the two Lambda integrations the ASL uses on AWS. */
export const taskResources = {
  'arn:aws:states:::lambda:invoke': 'invoke',
  'arn:aws:states:::lambda:invoke.waitForTaskToken': 'invoke.waitForTaskToken',
} as const;

/** A Task integration the local service runs. */
export type TaskResource = (typeof taskResources)[keyof typeof taskResources];

/** What the service needs to know about one Task state to run it and describe it in the history. */
export interface TaskPlan {
  stateName: string;
  /** The integration, as AWS names it in `taskScheduledEventDetails.resource`. */
  resource: TaskResource;
  /** The effective timeout: the state's own or the test override, times the time scale for a callback task. */
  timeoutSeconds: number | undefined;
  /**
   * A `TimeoutSecondsPath` the timeout is read from while running (`$.a.b`), instead of
   * timeoutSeconds; its root key (`a`) is copied into the runnable Parameters (see prepareDefinition).
   */
  timeoutSecondsPath?: { path: string; rootKey: string };
}

// A TimeoutSecondsPath the local service supports: a plain dotted path from the state input.
const dottedPath = /^\$((?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/;

/** The value of a dotted JSONPath (`$.a.b`) in `value`, or undefined. */
export function readDottedPath(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.slice(2).split('.')) at = isObject(at) ? at[key] : undefined;
  return at;
}

/** A definition that passed every check, with its timers made effective (see {@link prepareDefinition}). */
export interface PreparedDefinition {
  /** What the interpreter runs; differs from the source only in its `TimeoutSeconds` and Wait `Seconds`. */
  runnable: StateMachineDefinition;
  /** Every state (nested ones too) by name -> its `Type`. */
  stateTypes: Map<string, string>;
  tasks: Map<string, TaskPlan>;
}

/** How the timers of a definition are changed before it runs locally. */
export interface TimerSettings {
  /**
   * Task state name -> the TimeoutSeconds to use instead of the state's own (fractions allowed);
   * the machine's own name -> its top-level TimeoutSeconds. For tests.
   */
  timeoutOverrides?: Record<string, number>;
  /**
   * The factor business time runs at (ESCROW_TIME_SCALE, lambdas/core/domain/time-scale.ts). Business
   * time is what the workflow waits for the world: a Wait's `Seconds`, a callback Task's
   * (`.waitForTaskToken`) TimeoutSeconds and the top-level one; each is multiplied by it, after the
   * overrides. Not scaled: a plain `lambda:invoke` Task's TimeoutSeconds, which bounds how long a
   * function may run (compute, like Lambda's own timeout: 60 s at 0.0001 would be 6 ms), and Retry
   * intervals, which pace calls to a function or provider.
   * @default 1
   */
  timeScale?: number;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a state machine definition for what the local interpreter would get silently wrong and
 * throws an Error naming the state: timers above Node's limit, Tasks without `TimeoutSeconds` or a
 * plain `TimeoutSecondsPath` (the interpreter would use 60 s, AWS a year), resources other than the
 * two Lambda integrations (the interpreter would call real AWS Lambda), fields it ignores (JSONata,
 * heartbeats), and Tasks without a handler or handlers without a Task. Then applies the
 * {@link TimerSettings}: overrides first, then the time scale on business timers.
 *
 * Scaled timers keep millisecond precision (`scaledSeconds`: rounded to 1 ms, never below 1 ms)
 * instead of whole seconds: the interpreter's runtime multiplies `TimeoutSeconds` and `Seconds` by
 * 1000 for its setTimeout, and only its validator wants integers, so the runnable copy skips the
 * validator. That keeps the interpreter's own timeout, Catch on States.Timeout and Wait semantics
 * (no timer of our own beside it), and a 3-day Wait at 0.0001 lasts 25.92 s, not a rounded 26 or 0.
 */
export function prepareDefinition(
  machineName: string,
  definition: object,
  handlerNames: string[],
  { timeoutOverrides = {}, timeScale = 1 }: TimerSettings = {},
): PreparedDefinition {
  const fail = (message: string): never => {
    throw new Error(`State machine '${machineName}': ${message}`);
  };
  if (!isObject(definition) || !isObject(definition.States) || typeof definition.StartAt !== 'string') {
    fail('the definition needs StartAt and States');
  }
  if (!(Number.isFinite(timeScale) && timeScale > 0)) fail(`the time scale must be a positive number, not ${timeScale}`);
  const validOverride = (seconds: number) => Number.isFinite(seconds) && seconds > 0 && seconds <= maxTimerSeconds;
  const root = definition as Json;
  if (root.QueryLanguage === 'JSONata') fail('JSONata is not interpreted locally (use JSONPath)');

  // The interpreter runs a copy whose business timers are the effective ones: overridden, then scaled.
  const runnable = structuredClone(root);
  const overrideOf = (name: string) => (Object.hasOwn(timeoutOverrides, name) ? timeoutOverrides[name] : undefined);
  const effective = (seconds: number, override: number | undefined) => scaledSeconds(override ?? seconds, timeScale);
  const scaled = timeScale === 1 ? '' : ` (times the time scale ${timeScale})`;
  const machineOverride = overrideOf(machineName);
  if (machineOverride !== undefined && !validOverride(machineOverride)) fail('its timeout override is invalid');
  if (typeof root.TimeoutSeconds === 'number' || machineOverride !== undefined) {
    runnable.TimeoutSeconds = effective(root.TimeoutSeconds as number, machineOverride);
    checkSeconds(runnable.TimeoutSeconds, `the top-level TimeoutSeconds${scaled}`, fail);
  }

  const stateTypes = new Map<string, string>();
  const tasks = new Map<string, TaskPlan>();
  const runnableStates = new Map(allStates(runnable.States as Json));
  for (const [name, state] of allStates(root.States as Json)) {
    if (stateTypes.has(name)) fail(`state names must be unique, '${name}' appears twice`);
    if (!isObject(state)) fail(`state '${name}' is not an object`);
    const copy = runnableStates.get(name) as Json;
    stateTypes.set(name, String(state.Type));
    if (state.QueryLanguage === 'JSONata') fail(`state '${name}' uses JSONata, which is not interpreted locally`);
    for (const [i, retrier] of (Array.isArray(state.Retry) ? state.Retry : []).entries()) {
      checkSeconds(retrier?.IntervalSeconds, `Retry[${i}].IntervalSeconds of '${name}'`, fail);
      checkSeconds(retrier?.MaxDelaySeconds, `Retry[${i}].MaxDelaySeconds of '${name}'`, fail);
    }
    if (state.Type === 'Wait') {
      if (typeof state.Seconds === 'number') {
        copy.Seconds = effective(state.Seconds, undefined);
        checkSeconds(copy.Seconds, `Seconds of Wait state '${name}'${scaled}`, fail);
      }
      // A SecondsPath is read from the input while running, beyond reach of the scale. A Timestamp
      // (Path) is a moment, not a duration: the product computes the moments it passes with scaledMs.
      if ('SecondsPath' in state && timeScale !== 1) {
        fail(`Wait state '${name}' uses SecondsPath, which the time scale cannot reach (use TimestampPath)`);
      }
      if (typeof state.Timestamp === 'string' && Date.parse(state.Timestamp) - Date.now() > maxTimerSeconds * 1000) {
        fail(`Timestamp of Wait state '${name}' is more than ${maxTimerSeconds} s away, beyond Node's timer limit`);
      }
    }
    if (state.Type !== 'Task') continue;
    const resource = taskResources[state.Resource as keyof typeof taskResources];
    if (!resource) {
      fail(
        `Task '${name}' has Resource '${String(state.Resource)}'; only ${Object.keys(taskResources).join(' and ')} run locally`,
      );
    }
    if ('HeartbeatSeconds' in state || 'HeartbeatSecondsPath' in state) {
      fail(`Task '${name}' uses HeartbeatSeconds, which is not emulated locally`);
    }
    const override = overrideOf(name);
    if (override !== undefined && !validOverride(override)) fail(`timeout override for '${name}' is invalid`);
    if (typeof state.TimeoutSecondsPath === 'string' && override === undefined) {
      // AWS reads TimeoutSecondsPath from the state's input; the interpreter reads it from the
      // resolved Parameters. Copying the path's root into the runnable Parameters makes both read
      // the same value (the handler gets only `Payload`, and the history leaves the copy out). The
      // value is not scaled: it is a moment the product computed (scaledMs) turned into seconds.
      const match = dottedPath.exec(state.TimeoutSecondsPath);
      const parameters = copy.Parameters;
      if (!match || !isObject(parameters)) fail(`Task '${name}' needs Parameters and a TimeoutSecondsPath like $.a.b`);
      const rootKey = (match as RegExpExecArray)[1]?.split('.')[1] as string;
      const params = parameters as Json;
      if (`${rootKey}.$` in params || rootKey in params) fail(`Task '${name}': its Parameters already name '${rootKey}'`);
      params[`${rootKey}.$`] = `$.${rootKey}`;
      if (!handlerNames.includes(name)) fail(`Task '${name}' has no local handler`);
      tasks.set(name, {
        stateName: name,
        resource,
        timeoutSeconds: undefined,
        timeoutSecondsPath: { path: state.TimeoutSecondsPath, rootKey },
      });
      continue;
    }
    if (typeof state.TimeoutSecondsPath === 'string') delete copy.TimeoutSecondsPath; // a test override fixes it
    if (typeof state.TimeoutSeconds !== 'number' && override === undefined)
      fail(`Task '${name}' has no TimeoutSeconds (the local default would be 60 s)`);
    copy.TimeoutSeconds =
      resource === 'invoke.waitForTaskToken'
        ? effective((state.TimeoutSeconds ?? override) as number, override)
        : (override ?? state.TimeoutSeconds);
    checkSeconds(copy.TimeoutSeconds, `TimeoutSeconds of Task '${name}'${scaled}`, fail);
    if (!handlerNames.includes(name)) fail(`Task '${name}' has no local handler`);
    tasks.set(name, { stateName: name, resource, timeoutSeconds: copy.TimeoutSeconds as number });
  }
  for (const handler of handlerNames) {
    if (!tasks.has(handler)) fail(`a handler is given for '${handler}', which is not a Task state`);
  }
  return { runnable: runnable as unknown as StateMachineDefinition, stateTypes, tasks };
}

/** Every state of a definition, the ones inside Parallel branches and Map processors included. */
function* allStates(states: Json): Generator<[string, Json]> {
  for (const [name, state] of Object.entries(states)) {
    yield [name, state as Json];
    if (!isObject(state)) continue;
    const nested = [...(Array.isArray(state.Branches) ? state.Branches : []), state.ItemProcessor ?? state.Iterator];
    for (const machine of nested) {
      if (isObject(machine) && isObject(machine.States)) yield* allStates(machine.States);
    }
  }
}

function checkSeconds(value: unknown, what: string, fail: (message: string) => never): void {
  if (typeof value === 'number' && value > maxTimerSeconds) {
    fail(`${what} is ${value} s, above ${maxTimerSeconds} s (Node's timer limit, about 24.8 days)`);
  }
}
