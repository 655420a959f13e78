import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '../adapters/aws';
import { ThrottledError } from '../domain/errors';
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
  const windowMs = rule.windowSeconds * 1000;
  const windowIndex = Math.floor(now / windowMs);
  await onConditionFailed(
    documents().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleWindowKey(rule, key, windowIndex),
        UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': rule.limit,
          ':expiresAt': Math.ceil(((windowIndex + 1) * windowMs) / 1000),
        },
      }),
    ),
    () => {
      throw new ThrottledError(rule.message);
    },
  );
}

/** Gives back the attempt {@link countAttempt} just took (a right PIN does not count against the limit). */
export async function refundAttempt(rule: ThrottleRule, key: string, now = Date.now()): Promise<void> {
  const windowIndex = Math.floor(now / (rule.windowSeconds * 1000));
  await onConditionFailed(
    documents().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleWindowKey(rule, key, windowIndex),
        UpdateExpression: 'ADD attempts :minus',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    ),
    () => undefined,
  );
}
