import { randomInt } from 'node:crypto';
import { GetCommand, PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import { identityLimits } from '../contracts/identity';
import { requireEnv } from '../env';
import { keyedHash, safeEqual } from '../hashing';
import { signInCodeKey } from './keys';

/** The email one-time code of a sign-in on a new device: stored only as a keyed hash, 10 minutes. */
interface SignInCodeItem {
  codeHash: string;
  expiresAt: number;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => requireEnv('tableName');

/** A fresh code for the user, replacing any earlier one; returns the code to email. */
export async function issueSignInCode(sub: string, key: string, now = Date.now()): Promise<string> {
  const code = String(randomInt(0, 10 ** identityLimits.otpDigits)).padStart(identityLimits.otpDigits, '0');
  const item: SignInCodeItem = {
    codeHash: keyedHash(key, `${sub}:${code}`),
    expiresAt: Math.floor(now / 1000) + identityLimits.otpValidityMinutes * 60,
  };
  await documents().send(new PutCommand({ TableName: table(), Item: { ...signInCodeKey(sub), ...item } }));
  return code;
}

/**
 * Checks a typed code. When it matches and is still valid, returns the transaction item that
 * consumes it (delete, only if it is still this code and unexpired), so it is used at most once.
 */
export async function matchSignInCode(sub: string, key: string, typed: string, now = Date.now()): Promise<TransactItem | null> {
  const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: signInCodeKey(sub), ConsistentRead: true }));
  const stored = Item as SignInCodeItem | undefined;
  const nowSeconds = Math.floor(now / 1000);
  if (!stored || stored.expiresAt <= nowSeconds) return null;
  const typedHash = keyedHash(key, `${sub}:${typed}`);
  if (!safeEqual(typedHash, stored.codeHash)) return null;
  return {
    Delete: {
      TableName: table(),
      Key: signInCodeKey(sub),
      ConditionExpression: 'codeHash = :hash AND expiresAt > :now',
      ExpressionAttributeValues: { ':hash': typedHash, ':now': nowSeconds },
    },
  };
}
