import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from './clients';
import { requireEnv } from './env';
import { ThrottledError } from './errors';

export interface ThrottleRule {
  /** What is limited, e.g. 'reset' or 'signup-ip'. */
  scope: string;
  limit: number;
  windowSeconds: number;
  /** The message of the 429. */
  message: string;
}

/**
 * Counts one attempt in the current fixed window and refuses (429) once the window has `limit`.
 * One conditional update: concurrent attempts cannot slip past the limit. DynamoDB's TTL clears
 * old windows.
 */
export async function countAttempt(rule: ThrottleRule, key: string, now = Date.now()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowIndex = Math.floor(now / windowMs);
  try {
    await documents().send(
      new UpdateCommand({
        TableName: requireEnv('tableName'),
        Key: { PK: `THROTTLE#${rule.scope}#${key}`, SK: `WINDOW#${windowIndex}` },
        UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': rule.limit,
          ':expiresAt': Math.ceil(((windowIndex + 1) * windowMs) / 1000),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ThrottledError(rule.message);
    throw error;
  }
}
