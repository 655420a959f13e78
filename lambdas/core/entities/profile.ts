import { GetCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import type { Profile } from '../contracts/identity';
import { requireEnv } from '../env';
import { emailKey, userKey } from './keys';

/** The profile item: the spec's `users` row, with the answer and PIN only as salted hashes. */
export interface ProfileItem {
  sub: string;
  email: string;
  full_name: string;
  username: string | null;
  phone_number: string;
  security_ques: string;
  security_answer_hash: string;
  payment_pin_hash: string | null;
  account_number: string | null;
  bank_code: string | null;
  account_name: string | null;
  created_at: string;
  /** Trusted devices registered, kept with the profile so the limit is one conditional write. */
  device_count: number;
  welcomed_at?: string;
}

const table = () => requireEnv('tableName');

/** The puts of a new account: the profile and the email -> sub pointer, both only if absent. */
export function newProfilePuts(profile: ProfileItem): NonNullable<TransactWriteCommandInput['TransactItems']> {
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...userKey(profile.sub), ...profile },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: table(),
        Item: { ...emailKey(profile.email), sub: profile.sub },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

export async function getProfile(sub: string): Promise<ProfileItem | undefined> {
  const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: userKey(sub), ConsistentRead: true }));
  return Item as ProfileItem | undefined;
}

/** The account of an email, if there is one. */
export async function getProfileByEmail(email: string): Promise<ProfileItem | undefined> {
  const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: emailKey(email) }));
  return Item ? getProfile(String(Item.sub)) : undefined;
}

/** Marks the welcome email as sent; false when it already was (so it is sent once). */
export async function markWelcomed(sub: string, at: string): Promise<boolean> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(sub),
        UpdateExpression: 'SET welcomed_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(welcomed_at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** What the caller may see of their own profile. */
export function toProfile(item: ProfileItem): Profile {
  return {
    full_name: item.full_name ?? null,
    username: item.username ?? null,
    phone_number: item.phone_number ?? null,
    security_ques: item.security_ques ?? null,
    has_security_answer: Boolean(item.security_answer_hash),
    has_payment_pin: Boolean(item.payment_pin_hash),
    account_number: item.account_number ?? null,
    bank_code: item.bank_code ?? null,
    account_name: item.account_name ?? null,
  };
}
