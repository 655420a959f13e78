import { Tracer } from '@aws-lambda-powertools/tracer';

let made: Tracer | undefined;

/**
 * The container's Powertools tracer, made at its first use (nothing at import time). In a Lambda
 * function with active tracing (lib/function.ts) it records each AWS SDK client's calls as
 * subsegments ({@link clientAt} in aws-client.ts) and, once made, every node:http(s) request (the
 * payment provider, the captcha check, the AppSync Events publish: http-transport.ts makes it
 * before its first request). Outside Lambda (the local cloud, tests, ops' scripts) it is off by its
 * own rule (no AWS_EXECUTION_ENV) and hands every client back untouched.
 *
 * It costs every function's bundle about 124 KiB (the X-Ray SDK with semver and cls-hooked,
 * measured with lib/bundling.ts's settings); the performance budgets count it (docs/performance.md).
 */
export function tracer(): Tracer {
  made ??= new Tracer();
  return made;
}
