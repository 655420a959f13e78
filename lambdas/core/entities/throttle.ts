import { getItem, updateItem } from '../adapters/dynamodb';
import { Backoff } from '../domain/backoff';
import { AppError, ThrottledError } from '../domain/errors';
import type { ThrottleRule } from '../domain/throttle-rules';
import { onConditionFailed, tableName } from './table';

/** The attempts of one key in one fixed window: `THROTTLE#<scope>#<key>` / `WINDOW#<n>`, cleared by TTL. */
export const throttleWindowKey = (rule: ThrottleRule, key: string, windowIndex: number) => ({
  PK: `THROTTLE#${rule.scope}#${key}`,
  SK: `WINDOW#${windowIndex}`,
});

/** The key of the fixed window of `rule` that `now` falls in, for `key`. */
function currentWindowKey(rule: ThrottleRule, key: string, now: number) {
  return throttleWindowKey(rule, key, Math.floor(now / (rule.windowSeconds * 1000)));
}

/** The current window's item of `key` (undefined before its first attempt), read consistently. */
async function currentWindow(rule: ThrottleRule, key: string, now: number): Promise<Record<string, unknown> | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: currentWindowKey(rule, key, now), ConsistentRead: true });
  return Item;
}

/**
 * Counts one attempt in the current fixed window and refuses (429) once the window has `limit`.
 * One conditional update: concurrent attempts cannot slip past the limit.
 */
export async function countAttempt(rule: ThrottleRule, key: string, now = Date.now()): Promise<void> {
  if (!(await countIfWithin(rule, key, now))) throw new ThrottledError(rule.message);
}

/** Counts one in the current window when it has room: true when counted, false (nothing counted) once it holds `limit`. */
export async function countIfWithin(rule: ThrottleRule, key: string, now = Date.now()): Promise<boolean> {
  return (await takeSlot(rule, key, now)) !== null;
}

/**
 * Adds one to the current window unless it already holds `limit`, in one conditional update;
 * returns the count after it, or null when the window was full and nothing changed.
 */
async function takeSlot(rule: ThrottleRule, key: string, now: number): Promise<number | null> {
  return onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: currentWindowKey(rule, key, now),
      UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': rule.limit,
        ':expiresAt': Math.ceil(windowEnd(rule, now).getTime() / 1000),
      },
      ReturnValues: 'UPDATED_NEW',
    }).then(({ Attributes }) => Number(Attributes?.attempts ?? 0)),
    () => null,
  );
}

/** Gives back the attempt {@link countAttempt} just took (a right PIN does not count against the limit). */
export async function refundAttempt(rule: ThrottleRule, key: string, now = Date.now()): Promise<void> {
  await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: currentWindowKey(rule, key, now),
      UpdateExpression: 'ADD attempts :minus',
      ConditionExpression: 'attempts > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
    () => undefined,
  );
}

/** When the fixed window that `now` falls in ends (a limit reached in it holds until then). */
export function windowEnd(rule: ThrottleRule, now = Date.now()): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date((Math.floor(now / windowMs) + 1) * windowMs);
}

/** Whether the current window already holds `limit` attempts; counts nothing. */
export async function isOverLimit(rule: ThrottleRule, key: string, now = Date.now()): Promise<boolean> {
  return Number((await currentWindow(rule, key, now))?.attempts ?? 0) >= rule.limit;
}

/**
 * Records one failure that has already happened (a wrong answer checked without taking a slot
 * first, because the caller checks {@link isOverLimit} before): it never throws. Returns the
 * failures now in the window, or null when the window was already full and nothing was recorded;
 * the one call that returns `limit` is the one that reached it.
 */
export function recordFailure(rule: ThrottleRule, key: string, now = Date.now()): Promise<number | null> {
  return takeSlot(rule, key, now);
}

/**
 * How long a check waits, under all its limits together, when checks still running hold every slot
 * of a window (they give their slots back if they pass), before it is refused as if the limit were
 * reached.
 */
export const inFlightWaitMs = 3_000;

/** Marks the slot a failed check took as a failure: it stays taken, and it now counts toward the lock. */
async function markFailed(rule: ThrottleRule, key: string, now: number): Promise<void> {
  await updateItem({
    TableName: tableName(),
    Key: currentWindowKey(rule, key, now),
    UpdateExpression: 'ADD failures :one',
    ExpressionAttributeValues: { ':one': 1 },
  });
}

/** The failures counted in the current window (slots taken by checks that failed, not by checks still running). */
async function failuresIn(rule: ThrottleRule, key: string, now: number): Promise<number> {
  return Number((await currentWindow(rule, key, now))?.failures ?? 0);
}

/**
 * Takes a slot of the window, or, while the window is full only because of checks still running,
 * waits for one of them to give its slot back (until `wait`'s deadline). False once the failures
 * fill the window, or when the wait ran out.
 */
async function takeSlotOrWait(rule: ThrottleRule, key: string, now: number, wait: Backoff): Promise<boolean> {
  for (;;) {
    if ((await takeSlot(rule, key, now)) !== null) return true;
    if ((await failuresIn(rule, key, now)) >= rule.limit || wait.expired) return false;
    await wait.pause();
  }
}

/**
 * Runs a check that can fail and counts only its failures, under every given limit. Each try takes
 * a slot in each window first, so no more checks than the limit can ever be running or have failed
 * in a window: concurrent guesses cannot pass it. A check that passes gives its slots back, and so
 * does one that could not be made (a 5xx: the failure was ours, not the caller's); a refusal (a
 * 4xx) keeps them and is marked a failure. A try that finds every slot taken by checks still
 * running waits for them rather than being refused: a right PIN or answer sent many times at once
 * is never counted or refused as a failure. It is refused (429) only when failures fill the window.
 */
export async function countFailures<T>(
  limits: ReadonlyArray<readonly [ThrottleRule, string]>,
  check: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const taken: Array<readonly [ThrottleRule, string]> = [];
  const giveBack = () => Promise.all(taken.map(([rule, key]) => refundAttempt(rule, key, now)));
  // One deadline for every limit: a try under three limits waits 3 s in all, not 3 s for each.
  const wait = new Backoff(Date.now() + inFlightWaitMs, 20, 200);
  for (const limit of limits) {
    if (!(await takeSlotOrWait(limit[0], limit[1], now, wait))) {
      await giveBack();
      throw new ThrottledError(limit[0].message);
    }
    taken.push(limit);
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500)
      await Promise.all(taken.map(([rule, key]) => markFailed(rule, key, now)));
    else await giveBack();
    throw error;
  }
  await giveBack();
  return result;
}
