interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

/**
 * Installs `Promise.withResolvers` (Node 22) on Node 20: aws-local-stepfunctions calls it for every
 * Task state and would fail with "not a function" without it (FACTS.md). Idempotent.
 */
export function installPromiseWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };
  if (typeof promise.withResolvers === 'function') return;
  promise.withResolvers = <T>(): Resolvers<T> => {
    let resolve!: Resolvers<T>['resolve'];
    let reject!: Resolvers<T>['reject'];
    const created = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: created, resolve, reject };
  };
}
