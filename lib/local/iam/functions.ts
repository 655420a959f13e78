import type { LocalIam } from './authority';
import { runAsFunction, scopeFunctionEnvironments } from './function-context';
import type { StageFunction } from './stage-iam';

/** What Lambda itself sets for every function, beside what CDK gives it. */
const lambdaVariables = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_LAMBDA_FUNCTION_NAME'];

/** Variables CDK sets that only matter to a real Lambda process. */
const notLocal = new Set(['NODE_OPTIONS']);

/** A template value that names something only AWS has: the local cloud must give its own value instead. */
const awsOnly = /amazonaws\.com|cloudfront\.net|\.DomainName\b|\.(ApiEndpoint|Arn)$/;

/**
 * The functions of the synthesized stage as the local cloud runs them: each invocation with the
 * environment Lambda gives that function in AWS (the variables CDK sets for it, its role's
 * credentials, its name) and nothing another function has, as the process it would be in AWS.
 * Where CDK's value names an AWS-only place (the site's CloudFront URL, AppSync's host), the local
 * cloud's value for the same variable is used; the local stand-ins' endpoints are added to all.
 */
export class LocalFunctions {
  constructor(
    private readonly iam: LocalIam,
    /** The local cloud's value of each variable it knows (the same names CDK sets), read at each invocation. */
    private readonly localValues: () => Record<string, string | undefined>,
    /** Variables every function gets locally and no function has in AWS (the stand-ins' endpoints). */
    private readonly localOnly: () => Record<string, string | undefined>,
  ) {
    const names = new Set(lambdaVariables);
    for (const fn of Object.values(iam.stage.functions))
      for (const name of Object.keys(fn.environment)) if (!notLocal.has(name)) names.add(name);
    scopeFunctionEnvironments(names);
  }

  /** The synthesized function of that purpose (`route:<name>`, `task:<State>`, `trigger:<name>`, `schedule:<name>`, `realtime:authorizer`). */
  function(purpose: string): StageFunction {
    const fn = this.iam.stage.functions[purpose];
    if (!fn) throw new Error(`The stage has no function ${purpose}: is it in its table (lambdas/*.ts)?`);
    return fn;
  }

  /** The environment an invocation of `purpose` runs with. */
  environmentOf(purpose: string): Record<string, string> {
    const fn = this.function(purpose);
    const local = this.localValues();
    const environment: Record<string, string> = {};
    for (const [name, value] of Object.entries(fn.environment)) {
      if (notLocal.has(name)) continue;
      const chosen = local[name] ?? value;
      if (awsOnly.test(chosen))
        throw new Error(`${purpose}: ${name} is ${chosen} in AWS and the local cloud has no value of its own for it`);
      environment[name] = chosen;
    }
    for (const [name, value] of Object.entries(this.localOnly())) if (value !== undefined) environment[name] = value;
    const { accessKeyId, secretAccessKey } = this.iam.principal(purpose).credentials;
    return {
      ...environment,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_LAMBDA_FUNCTION_NAME: fn.functionName,
    };
  }

  /** Runs `invoke` as an invocation of the function `purpose`: its environment, its credentials. */
  run<T>(purpose: string, invoke: () => T): T {
    return runAsFunction(purpose, this.environmentOf(purpose), invoke);
  }
}
