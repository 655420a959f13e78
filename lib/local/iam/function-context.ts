import { AsyncLocalStorage } from 'node:async_hooks';

/** One invocation of a function in the local cloud: which function, and the environment Lambda would give it. */
interface FunctionRun {
  purpose: string;
  environment: Readonly<Record<string, string>>;
}

const runs = new AsyncLocalStorage<FunctionRun>();
/** The variables that belong to a function, never to the process: what CDK or Lambda sets for one. */
const functionScoped = new Set<string>();
let installed = false;

/**
 * Gives each function invocation in this process the environment Lambda would give that function
 * alone. In AWS every function is a process of its own with its own variables, among them its
 * role's credentials; the local cloud runs them all in one process, so `process.env` becomes a view
 * that, inside an invocation ({@link runAsFunction}), answers the invocation's own variables for
 * every function-scoped name (`names`: what CDK gives any function, and Lambda's credentials) and
 * nothing for such a name the function was not given; everything else (PATH, the logger's level)
 * and everything outside an invocation (the local cloud itself, a test's own reads) is the
 * process's. A function that lacks a variable, a secret's ARN or a permission in AWS lacks it here.
 *
 * Hand-written: no library gives per-async-context environments; AsyncLocalStorage follows each
 * invocation through every await, timer and callback it starts.
 */
export function scopeFunctionEnvironments(names: Iterable<string>): void {
  for (const name of names) functionScoped.add(name);
  if (installed) return;
  installed = true;
  const base = process.env;
  const own = (name: string | symbol): Readonly<Record<string, string>> | undefined => {
    if (typeof name !== 'string') return undefined;
    const run = runs.getStore();
    return run && (functionScoped.has(name) || name in run.environment) ? run.environment : undefined;
  };
  process.env = new Proxy(base, {
    get: (target, name) => {
      const environment = own(name);
      return environment ? environment[name as string] : Reflect.get(target, name);
    },
    has: (target, name) => {
      const environment = own(name);
      return environment ? name in environment : Reflect.has(target, name);
    },
    set: (target, name, value) => {
      // A function setting its own variable (none does) must not change the process's.
      if (own(name)) throw new Error(`A function set ${String(name)} in its environment`);
      return Reflect.set(target, name, value === undefined ? 'undefined' : String(value));
    },
    deleteProperty: (target, name) => {
      if (own(name)) throw new Error(`A function deleted ${String(name)} from its environment`);
      return Reflect.deleteProperty(target, name);
    },
    ownKeys: (target) => {
      const run = runs.getStore();
      if (!run) return Reflect.ownKeys(target);
      const inherited = Reflect.ownKeys(target).filter((k) => typeof k !== 'string' || !functionScoped.has(k));
      return [...new Set([...inherited, ...Object.keys(run.environment)])];
    },
    getOwnPropertyDescriptor: (target, name) => {
      const environment = own(name);
      if (!environment) return Reflect.getOwnPropertyDescriptor(target, name);
      const value = environment[name as string];
      return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
  });
}

/** Runs `invoke` as one invocation of the function `purpose`, with `environment` as its own. */
export function runAsFunction<T>(purpose: string, environment: Readonly<Record<string, string>>, invoke: () => T): T {
  return runs.run({ purpose, environment }, invoke);
}

/** The function whose invocation is running here, if any (its purpose tag). */
export function currentFunction(): string | undefined {
  return runs.getStore()?.purpose;
}
