import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import { identityLimits } from '../contracts/identity';
import { requireEnv } from '../env';
import { keyedHash, newLinkToken } from '../hashing';
import { resetLinkKey } from './keys';

interface ResetLinkItem {
  sub: string;
  expiresAt: number;
}

const table = () => requireEnv('tableName');

/** A single-use password reset token, valid 30 minutes; only its keyed hash is stored. */
export async function createResetLink(sub: string, key: string, now = Date.now()): Promise<string> {
  const token = newLinkToken();
  const item: ResetLinkItem = { sub, expiresAt: Math.floor(now / 1000) + identityLimits.resetLinkValidityMinutes * 60 };
  await documents().send(new PutCommand({ TableName: table(), Item: { ...resetLinkKey(keyedHash(key, token)), ...item } }));
  return token;
}

/**
 * Burns a reset token: deletes it only if it exists and is unexpired, in one conditional write,
 * so two uses of one link cannot both succeed. Returns its user, or null.
 */
export async function consumeResetLink(token: string, key: string, now = Date.now()): Promise<ResetLinkItem | null> {
  try {
    const { Attributes } = await documents().send(
      new DeleteCommand({
        TableName: table(),
        Key: resetLinkKey(keyedHash(key, token)),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': Math.floor(now / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return (Attributes as ResetLinkItem | undefined) ?? null;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** Puts a burnt token back when the password could not be set, so the person can retry. */
export async function restoreResetLink(token: string, key: string, item: ResetLinkItem): Promise<void> {
  await documents().send(new PutCommand({ TableName: table(), Item: { ...resetLinkKey(keyedHash(key, token)), ...item } }));
}
