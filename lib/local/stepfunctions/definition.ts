import type { StateMachineDefinition } from 'aws-local-stepfunctions';

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
  /** The effective timeout (the state's own, or the test override). */
  timeoutSeconds: number;
}

/** A definition that passed every check, with the test timeouts applied (see {@link prepareDefinition}). */
export interface PreparedDefinition {
  /** What the interpreter runs; differs from the source only in overridden `TimeoutSeconds`. */
  runnable: StateMachineDefinition;
  /** Every state (nested ones too) by name -> its `Type`. */
  stateTypes: Map<string, string>;
  tasks: Map<string, TaskPlan>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a state machine definition for what the local interpreter would get silently wrong and
 * throws an Error naming the state: timers above Node's limit, Tasks without `TimeoutSeconds`
 * (the interpreter would use 60 s, AWS a year), resources other than the two Lambda integrations
 * (the interpreter would call real AWS Lambda), fields it ignores (JSONata, heartbeats,
 * `TimeoutSecondsPath`), and Tasks without a handler or handlers without a Task. `timeoutOverrides`
 * replaces the `TimeoutSeconds` of the Task states it names, and the top-level one when it names the
 * machine itself.
 */
export function prepareDefinition(
  machineName: string,
  definition: object,
  handlerNames: string[],
  timeoutOverrides: Record<string, number> = {},
): PreparedDefinition {
  const fail = (message: string): never => {
    throw new Error(`State machine '${machineName}': ${message}`);
  };
  if (!isObject(definition) || !isObject(definition.States) || typeof definition.StartAt !== 'string') {
    fail('the definition needs StartAt and States');
  }
  const root = definition as Json;
  if (root.QueryLanguage === 'JSONata') fail('JSONata is not interpreted locally (use JSONPath)');
  checkSeconds(root.TimeoutSeconds, 'the top-level TimeoutSeconds', fail);

  const stateTypes = new Map<string, string>();
  const tasks = new Map<string, TaskPlan>();
  for (const [name, state] of allStates(root.States as Json)) {
    if (stateTypes.has(name)) fail(`state names must be unique, '${name}' appears twice`);
    if (!isObject(state)) fail(`state '${name}' is not an object`);
    stateTypes.set(name, String(state.Type));
    if (state.QueryLanguage === 'JSONata') fail(`state '${name}' uses JSONata, which is not interpreted locally`);
    for (const [i, retrier] of (Array.isArray(state.Retry) ? state.Retry : []).entries()) {
      checkSeconds(retrier?.IntervalSeconds, `Retry[${i}].IntervalSeconds of '${name}'`, fail);
      checkSeconds(retrier?.MaxDelaySeconds, `Retry[${i}].MaxDelaySeconds of '${name}'`, fail);
    }
    if (state.Type === 'Wait') {
      checkSeconds(state.Seconds, `Seconds of Wait state '${name}'`, fail);
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
    if ('TimeoutSecondsPath' in state)
      fail(`Task '${name}' uses TimeoutSecondsPath, which the interpreter evaluates differently`);
    if ('HeartbeatSeconds' in state || 'HeartbeatSecondsPath' in state) {
      fail(`Task '${name}' uses HeartbeatSeconds, which is not emulated locally`);
    }
    if (typeof state.TimeoutSeconds !== 'number') fail(`Task '${name}' has no TimeoutSeconds (the local default would be 60 s)`);
    checkSeconds(state.TimeoutSeconds, `TimeoutSeconds of Task '${name}'`, fail);
    if (!handlerNames.includes(name)) fail(`Task '${name}' has no local handler`);
    tasks.set(name, { stateName: name, resource, timeoutSeconds: state.TimeoutSeconds as number });
  }
  for (const handler of handlerNames) {
    if (!tasks.has(handler)) fail(`a handler is given for '${handler}', which is not a Task state`);
  }

  // The interpreter's validator accepts only whole TimeoutSeconds, so the overridden copy skips it.
  const runnable = structuredClone(root) as unknown as StateMachineDefinition;
  for (const [name, seconds] of Object.entries(timeoutOverrides)) {
    if (name === machineName) {
      if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= maxTimerSeconds)) fail('its timeout override is invalid');
      runnable.TimeoutSeconds = seconds;
    }
    const plan = tasks.get(name);
    if (!plan) continue;
    if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= maxTimerSeconds))
      fail(`timeout override for '${name}' is invalid`);
    plan.timeoutSeconds = seconds;
    for (const [stateName, state] of allStates(runnable.States as unknown as Json)) {
      if (stateName === name) (state as Json).TimeoutSeconds = seconds;
    }
  }
  return { runnable, stateTypes, tasks };
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
