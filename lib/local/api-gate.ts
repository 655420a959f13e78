import type { RouteDefinition, RouteThrottle } from '../../lambdas/routes';

/** The local HTTP API's fault switches (tests): what Lambda may do to its routes on a bad day. */
export interface ApiFaults {
  /**
   * Routes (by name) whose function Lambda refuses to invoke, as when its reserved concurrency or
   * the account's is used up (TooManyRequestsException): the API answers as the HTTP API does then.
   */
  throttledFunctions: Set<string>;
}

export function noApiFaults(): ApiFaults {
  return { throttledFunctions: new Set() };
}

/** What the HTTP API answers by itself, without the route's function. */
export interface GatewayRefusal {
  status: number;
  body: { message: string };
}

/** A request over its route's throttle: refused before anything runs (HTTP API docs, "Throttling requests to your HTTP API"). */
const tooManyRequests: GatewayRefusal = { status: 429, body: { message: 'Too Many Requests' } };

/**
 * Lambda refused to invoke the function (throttled): API Gateway answers any refused invocation
 * with a 500 (Lambda docs, "Handling Lambda errors with an API Gateway API"), in an HTTP API's words.
 */
const functionThrottled: GatewayRefusal = { status: 500, body: { message: 'Internal Server Error' } };

/**
 * A route's token bucket as API Gateway keeps it: full at rest, one token a request, refilled at
 * `rateLimit` a second up to `burstLimit`. (The `limiter` package's buckets start empty, which
 * would refuse the first requests after a start, and 4.1.0 ships no ES module build.)
 */
class TokenBucket {
  private tokens: number;
  private refilledAt = performance.now();

  constructor(private readonly limits: RouteThrottle) {
    this.tokens = limits.burstLimit;
  }

  take(): boolean {
    const now = performance.now();
    const refill = ((now - this.refilledAt) / 1000) * this.limits.rateLimit;
    this.tokens = Math.min(this.limits.burstLimit, this.tokens + refill);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * What the HTTP API answers for a matched, authorized request before (or instead of) calling its
 * function: the route's own throttle first (its route-table `throttle`, which CDK writes into the
 * stage's route settings), then Lambda refusing a throttled function. Undefined: call it.
 */
export function apiGate(
  table: readonly RouteDefinition[],
  faults: ApiFaults,
  options: { throttles: boolean },
): (route: RouteDefinition) => GatewayRefusal | undefined {
  const buckets = new Map<string, TokenBucket>();
  if (options.throttles) for (const route of table) if (route.throttle) buckets.set(route.name, new TokenBucket(route.throttle));
  return (route) => {
    if (buckets.get(route.name)?.take() === false) return tooManyRequests;
    if (faults.throttledFunctions.has(route.name)) return functionThrottled;
    return undefined;
  };
}
