import { getItem, updateItem } from '../adapters/dynamodb';
import { AppError, ThrottledError } from '../domain/errors';
import type { ThrottleRule } from '../domain/throttle-rules';
import { onConditionFailed, tableName } from './table';

/** The attempts of one key in one fixed window: `THROTTLE#<scope>#<key>` / `WINDOW#<n>`, cleared by TTL. */
export const throttleWindowKey = (rule: ThrottleRule, key: string, windowIndex: number) => ({
  PK: `THROTTLE#${rule.scope}#${key}`,
  SK: `WINDOW#${windowIndex}`,
});

/**
 * Counts one attempt in the current fixed window and refuses (429) once the window has `limit`.
 * One conditional update: concurrent attempts cannot slip past the limit.
 */
export async function countAttempt(rule: ThrottleRule, key: string, now = Date.now()): Promise<void> {
  if ((await takeSlot(rule, key, now)) === null) throw new ThrottledError(rule.message);
}

/**
 * Adds one to the current window unless it already holds `limit`, in one conditional update;
 * returns the count after it, or null when the window was full and nothing changed.
 */
async function takeSlot(rule: ThrottleRule, key: string, now: number): Promise<number | null> {
  const windowMs = rule.windowSeconds * 1000;
  const windowIndex = Math.floor(now / windowMs);
  return onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: throttleWindowKey(rule, key, windowIndex),
      UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': rule.limit,
        ':expiresAt': Math.ceil(((windowIndex + 1) * windowMs) / 1000),
      },
      ReturnValues: 'UPDATED_NEW',
    }).then(({ Attributes }) => Number(Attributes?.attempts ?? 0)),
    () => null,
  );
}

/** Gives back the attempt {@link countAttempt} just took (a right PIN does not count against the limit). */
export async function refundAttempt(rule: ThrottleRule, key: string, now = Date.now()): Promise<void> {
  const windowIndex = Math.floor(now / (rule.windowSeconds * 1000));
  await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: throttleWindowKey(rule, key, windowIndex),
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
  const windowIndex = Math.floor(now / (rule.windowSeconds * 1000));
  const { Item } = await getItem({
    TableName: tableName(),
    Key: throttleWindowKey(rule, key, windowIndex),
    ConsistentRead: true,
  });
  return Number(Item?.attempts ?? 0) >= rule.limit;
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
 * Runs a check that can fail and counts only its failures, under every given limit: each try takes
 * a slot in each window first, so concurrent tries cannot pass a limit, and gets its slots back
 * when the check passes, or when it could not be made (a 5xx: the failure was ours, not the
 * caller's). A refusal (a 4xx) keeps them: that is a failure, counted where it failed.
 */
export async function countFailures<T>(
  limits: ReadonlyArray<readonly [ThrottleRule, string]>,
  check: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const taken: Array<readonly [ThrottleRule, string]> = [];
  const giveBack = () => Promise.all(taken.map(([rule, key]) => refundAttempt(rule, key, now)));
  try {
    for (const limit of limits) {
      await countAttempt(limit[0], limit[1], now);
      taken.push(limit);
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode < 500)) await giveBack();
    throw error;
  }
  await giveBack();
  return result;
}
