import { randomInt } from 'node:crypto';
import { getItem, putItem } from '../adapters/dynamodb';
import { keyedHash, safeEqual } from '../domain/hashing';
import { identityLimits } from '../domain/identity';
import { type TransactItem, tableName } from './table';

/**
 * An email one-time code, `USER#<sub>` / `OTP#<purpose>`: only a keyed hash, 10 minutes. SIGNIN
 * registers a new device at sign-in; PIN sets or resets the payment PIN.
 */
export type EmailCodePurpose = 'SIGNIN' | 'PIN';
export const signInCodeKey = (sub: string, purpose: EmailCodePurpose = 'SIGNIN') => ({ PK: `USER#${sub}`, SK: `OTP#${purpose}` });

interface SignInCode {
  codeHash: string;
  expiresAt: number;
}

/** A fresh code for the user, replacing any earlier one; returns the code to email. */
export async function issueSignInCode(
  sub: string,
  key: string,
  now = Date.now(),
  purpose: EmailCodePurpose = 'SIGNIN',
): Promise<string> {
  const code = String(randomInt(0, 10 ** identityLimits.otpDigits)).padStart(identityLimits.otpDigits, '0');
  const item: SignInCode = {
    codeHash: keyedHash(key, `${purpose}:${sub}:${code}`),
    expiresAt: Math.floor(now / 1000) + identityLimits.otpValidityMinutes * 60,
  };
  await putItem({ TableName: tableName(), Item: { ...signInCodeKey(sub, purpose), ...item } });
  return code;
}

/**
 * Checks a typed code. When it matches and is still valid, returns the transaction item that
 * consumes it (delete, only if it is still this code and unexpired), so it is used at most once.
 */
export async function matchSignInCode(
  sub: string,
  key: string,
  typed: string,
  now = Date.now(),
  purpose: EmailCodePurpose = 'SIGNIN',
): Promise<TransactItem | null> {
  const { Item } = await getItem({ TableName: tableName(), Key: signInCodeKey(sub, purpose), ConsistentRead: true });
  const stored = Item as SignInCode | undefined;
  const nowSeconds = Math.floor(now / 1000);
  if (!stored || stored.expiresAt <= nowSeconds) return null;
  const typedHash = keyedHash(key, `${purpose}:${sub}:${typed}`);
  if (!safeEqual(typedHash, stored.codeHash)) return null;
  return {
    Delete: {
      TableName: tableName(),
      Key: signInCodeKey(sub, purpose),
      ConditionExpression: 'codeHash = :hash AND expiresAt > :now',
      ExpressionAttributeValues: { ':hash': typedHash, ':now': nowSeconds },
    },
  };
}
