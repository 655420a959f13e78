import { deleteItem, putItem } from '../adapters/dynamodb';
import { keyedHash, newLinkToken } from '../domain/hashing';
import { identityLimits } from '../domain/identity';
import { onConditionFailed, tableName } from './table';

/** A password reset link, `RESET#<keyed hash of its token>` / `META`: the table never holds a usable token. */
export const resetLinkKey = (tokenHash: string) => ({ PK: `RESET#${tokenHash}`, SK: 'META' });

interface ResetLink {
  sub: string;
  expiresAt: number;
}

/** A single-use password reset token, valid 30 minutes; only its keyed hash is stored. */
export async function createResetLink(sub: string, key: string, now = Date.now()): Promise<string> {
  const token = newLinkToken();
  const item: ResetLink = { sub, expiresAt: Math.floor(now / 1000) + identityLimits.resetLinkValidityMinutes * 60 };
  await putItem({ TableName: tableName(), Item: { ...resetLinkKey(keyedHash(key, token)), ...item } });
  return token;
}

/**
 * Burns a reset token: deletes it only if it exists and is unexpired, in one conditional write,
 * so two uses of one link cannot both succeed. Returns its user, or null.
 */
export async function consumeResetLink(token: string, key: string, now = Date.now()): Promise<ResetLink | null> {
  const { Attributes } = await onConditionFailed(
    deleteItem({
      TableName: tableName(),
      Key: resetLinkKey(keyedHash(key, token)),
      ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': Math.floor(now / 1000) },
      ReturnValues: 'ALL_OLD',
    }),
    () => ({ Attributes: undefined }),
  );
  return (Attributes as ResetLink | undefined) ?? null;
}

/** Puts a burnt token back when the password could not be set, so the person can retry. */
export async function restoreResetLink(token: string, key: string, item: ResetLink): Promise<void> {
  await putItem({ TableName: tableName(), Item: { ...resetLinkKey(keyedHash(key, token)), ...item } });
}
