import { createServer } from 'node:http';
import { StateMachine } from 'aws-local-stepfunctions';
import { close, listen } from '../http-util';
import type { LocalIam } from '../iam/authority';
import { prepareDefinition } from './definition';
import { stepFunctionsRequestListener } from './server';
import { type MachineRuntime, StepFunctionsService } from './service';
import { ExecutionStore } from './store';

/** A Lambda handler as a Task state invokes it, with the state's resolved `Payload` as its event. */
export type LocalTaskHandler = (payload: unknown) => Promise<unknown>;

/** One state machine to run locally. */
export interface LocalStateMachine {
  /** Its name, e.g. 'escrow-local'; the ARN is built from it. */
  name: string;
  /** The parsed ASL, as deployed. `FunctionName` (placeholders like "${...FunctionArn}" included) is ignored. */
  definition: object;
  /** By Task state name: the handler its `lambda:invoke` / `.waitForTaskToken` invokes. */
  tasks: Record<string, LocalTaskHandler>;
}

export interface LocalStepFunctionsOptions {
  /** 0 or undefined: a free port. Loopback only. */
  port?: number;
  /** Executions and histories are kept here (one JSON file each); undefined: in memory only. */
  dataDir?: string;
  region: string;
  /** @default '123456789012' */
  accountId?: string;
  stateMachines: LocalStateMachine[];
  /**
   * Task state name -> TimeoutSeconds to use instead (fractions allowed): for tests. A state
   * machine's name overrides its top-level TimeoutSeconds (the execution timeout). The time scale
   * applies to an override too.
   */
  timeoutOverrides?: Record<string, number>;
  /**
   * Business time's factor (ESCROW_TIME_SCALE): every TimeoutSeconds and Wait `Seconds` is multiplied
   * by it, Retry intervals are not (definition.ts `TimerSettings`).
   * @default 1
   */
  timeScale?: number;
  /** Task state name -> retry interval(s) in ms, passed to the interpreter: for tests. */
  retryIntervalOverrides?: Record<string, number | number[]>;
  /** Called with the endpoint once it listens, before any execution is resumed (and so before any task handler runs). */
  beforeResume?: (endpoint: string) => void;
  /** IAM: every API request must be signed by a principal allowed what it asks. @default none (unit tests) */
  iam?: LocalIam;
}

/** The running service. */
export interface LocalStepFunctions {
  /** For `new SFNClient({ endpoint })`. */
  endpoint: string;
  /** The executions page, for people. */
  executionsUrl: string;
  /** `arn:aws:states:<region>:<account>:stateMachine:<name>` of a configured machine. */
  stateMachineArn(name: string): string;
  /**
   * A fault switch: while on, the function of the Task state `stateName` answers every invocation
   * as Lambda does when throttled (the state fails with Lambda.TooManyRequestsException).
   */
  throttle(stateName: string, on: boolean): void;
  /** Stops listening and ends every run; RUNNING executions stay RUNNING and resume on the next start. */
  stop(): Promise<void>;
}

/**
 * The AWS Step Functions JSON API on 127.0.0.1, running the real ASL with aws-local-stepfunctions:
 * StartExecution, DescribeExecution, ListExecutions, GetExecutionHistory (AWS event names),
 * StopExecution, RedriveExecution and SendTask{Success,Failure,Heartbeat} for `.waitForTaskToken`
 * states. An execution ends TIMED_OUT at AWS's one-year limit (times the time scale). Refuses
 * (throws) a definition the interpreter would run differently from AWS (definition.ts). With a
 * `dataDir`, executions survive a restart and every RUNNING one is re-run from the start.
 */
export async function startLocalStepFunctions(options: LocalStepFunctionsOptions): Promise<LocalStepFunctions> {
  const accountId = options.accountId ?? '123456789012';
  const arnOf = (name: string) => `arn:aws:states:${options.region}:${accountId}:stateMachine:${name}`;
  const overrides = options.timeoutOverrides ?? {};

  const machines: MachineRuntime[] = options.stateMachines.map((machine) => {
    const prepared = prepareDefinition(machine.name, machine.definition, Object.keys(machine.tasks), {
      timeoutOverrides: overrides,
      timeScale: options.timeScale,
    });
    try {
      // The interpreter's own validator, on the definition as written.
      new StateMachine(machine.definition as never);
    } catch (error) {
      throw new Error(`State machine '${machine.name}': ${(error as Error).message}`);
    }
    return {
      name: machine.name,
      arn: arnOf(machine.name),
      interpreter: new StateMachine(prepared.runnable, { validationOptions: { noValidate: true } }),
      prepared,
      handlers: machine.tasks,
    };
  });
  if (new Set(machines.map((m) => m.name)).size !== machines.length) throw new Error('State machine names must be unique');
  for (const name of Object.keys(overrides)) {
    if (!machines.some((m) => m.name === name || m.prepared.tasks.has(name))) {
      throw new Error(`Timeout override for '${name}', which is neither a Task state nor a state machine`);
    }
  }

  const service = new StepFunctionsService({
    region: options.region,
    accountId,
    store: new ExecutionStore(options.dataDir),
    machines,
    retryIntervalOverrides: options.retryIntervalOverrides,
    timeScale: options.timeScale,
  });
  const server = createServer(stepFunctionsRequestListener(service, options.iam));
  const port = await listen(server, options.port ?? 0);
  const endpoint = `http://127.0.0.1:${port}`;
  // After listening: a resumed task handler may answer through this very endpoint at once, so the
  // caller points its handlers at it first.
  options.beforeResume?.(endpoint);
  service.resumeOpenExecutions();

  return {
    endpoint,
    executionsUrl: `${endpoint}/`,
    stateMachineArn: (name) => {
      if (!machines.some((m) => m.name === name)) throw new Error(`No state machine named '${name}'`);
      return arnOf(name);
    },
    throttle: (stateName, on) => service.throttle(stateName, on),
    stop: async () => {
      service.shutdown();
      await close(server);
    },
  };
}
