import { getItem, updateItem } from '../adapters/dynamodb';
import { personalChannel, publishEvents, sessionEndedEvent } from '../adapters/events';
import { nairaCurrency, type OwnCurrencyAccountCurrency } from '../domain/conversion';
import { identityLimits } from '../domain/identity';
import type { Currency } from '../domain/money';
import type { Device } from './device';
import { type Audience, batchGetAll, onConditionFailed, type TransactItem, tableName, withoutKeys } from './table';

/**
 * The profile item, `USER#<sub>` / `PROFILE` (the spec's `users` row), and the email pointer
 * `EMAIL#<email>` / `USER` that makes an email belong to one account. The profile also keeps two
 * counters, so their limits are one conditional write: trusted devices and unread notifications.
 */
export const userKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' });
export const emailKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' });

/** The security answer and the payment PIN only as salted hashes. */
export interface UserProfile {
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
  /**
   * The seller's accounts in a contract's own currency, by currency (only `USD` today: a dollar,
   * domiciliary, account at a Nigerian bank), saved like the naira account above. A map, so a
   * currency the provider comes to pay in Nigeria is one more key, not more fields.
   */
  foreign_accounts?: Partial<Record<OwnCurrencyAccountCurrency, ForeignAccount>>;
  created_at: string;
  /** Trusted devices registered. */
  device_count: number;
  /** Notifications not yet read (never below 0). */
  unread_notifications?: number;
  welcomed_at?: string;
  /**
   * Epoch seconds of the last time every session of the account was revoked (a password reset);
   * tokens from sign-ins before it are refused (runtime/session.ts).
   */
  sessions_revoked_at?: number;
  /**
   * Epoch seconds the account was closed by ops (`npm run close-account`: a person removed or
   * banned): from then on every token of it is refused, whenever it was issued.
   */
  closed_at?: number;
  /** False once the person turned off emails that are not about money (absent: they go). */
  email_updates?: boolean;
  /**
   * Present until the email is confirmed through the product (services/signup-confirmation.ts):
   * a hash of the password chosen at sign-up, so the confirmation proves that whoever clicks the
   * emailed link is whoever chose the password. Cognito cannot prove it: it answers a sign-in of an
   * unconfirmed user with UserNotConfirmedException whether the password is right or not.
   */
  signup_password_hash?: string;
  /** The browser that signed up, trusted only once the email is confirmed. */
  signup_device?: Device;
}

export function toItem(profile: UserProfile): Record<string, unknown> {
  return { ...userKey(profile.sub), ...profile };
}

export function fromItem(item: Record<string, unknown>): UserProfile {
  return withoutKeys(item) as unknown as UserProfile;
}

/**
 * The puts of a new account (part of a transaction): the profile, only if absent, and the email
 * pointer. An account whose email is not confirmed yet marks its pointer `pending`; a new sign-up
 * may take over a pending pointer, because Cognito has just let it sign the address up, so no
 * other user of the pool holds it: the pointer is left from an unconfirmed sign-up that was
 * replaced (services/accounts.ts).
 */
export function newProfilePuts(profile: UserProfile): TransactItem[] {
  const pending = profile.signup_password_hash !== undefined;
  return [
    { Put: { TableName: tableName(), Item: toItem(profile), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...emailKey(profile.email), sub: profile.sub, ...(pending ? { pending: true } : {}) },
        ConditionExpression: 'attribute_not_exists(PK) OR attribute_exists(pending)',
      },
    },
  ];
}

/** Whether the profile's email is still waiting for its confirmation through the product. */
export function isUnconfirmed(profile: UserProfile): boolean {
  return profile.signup_password_hash !== undefined;
}

/**
 * The end of a sign-up, once its email is confirmed (part of a transaction): the profile forgets
 * the password's hash and the pending device, and the pointer stops being pending; only while the
 * sign-up is still pending and the pointer still names this account.
 */
export function confirmedSignupUpdates(profile: UserProfile, trustsDevice: boolean): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: userKey(profile.sub),
        UpdateExpression: `REMOVE signup_password_hash, signup_device${trustsDevice ? ' SET device_count = :one' : ''}`,
        ConditionExpression: 'attribute_exists(signup_password_hash)',
        ...(trustsDevice ? { ExpressionAttributeValues: { ':one': 1 } } : {}),
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: emailKey(profile.email),
        UpdateExpression: 'REMOVE pending',
        ConditionExpression: '#sub = :sub',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExpressionAttributeValues: { ':sub': profile.sub },
      },
    },
  ];
}

/**
 * The deletes of an account whose email was never confirmed (part of a transaction): its profile
 * and its pointer, as they were read. The caller has seen Cognito call the user UNCONFIRMED; a
 * profile made before confirmations went through the product has no `signup_password_hash`.
 */
export function unconfirmedProfileDeletes(profile: UserProfile): TransactItem[] {
  const marked = isUnconfirmed(profile);
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: userKey(profile.sub),
        ConditionExpression: marked ? 'attribute_exists(signup_password_hash)' : 'attribute_exists(PK)',
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: emailKey(profile.email),
        ConditionExpression: '#sub = :sub',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExpressionAttributeValues: { ':sub': profile.sub },
      },
    },
  ];
}

export async function getProfile(sub: string): Promise<UserProfile | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: userKey(sub), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** A person's bank account on file (where their payouts, and refunds that cannot go back the way they were paid, are sent). */
export interface BankDetails {
  bank_code: string;
  account_number: string;
  account_name: string;
}

/** An account in a contract's own currency, and whether payouts no release chose (a settlement's) go to it. */
export interface ForeignAccount extends BankDetails {
  /** Pay this currency's contracts here when nobody chooses at a release (a dispute's settlement); else naira. */
  preferred: boolean;
}

/** The profile's account in `currency`, or undefined without one. */
export function foreignAccountOf(
  profile: Pick<UserProfile, 'foreign_accounts'> | undefined,
  currency: Currency,
): ForeignAccount | undefined {
  return profile?.foreign_accounts?.[currency as OwnCurrencyAccountCurrency];
}

/**
 * The account on `profile` that money reaching the bank in `currency` goes to: the naira account
 * (its flat fields), or the one saved in that currency; undefined without a complete one.
 */
export function payoutAccountIn(
  profile: Pick<UserProfile, 'bank_code' | 'account_number' | 'account_name' | 'foreign_accounts'> | undefined,
  currency: Currency,
): BankDetails | undefined {
  const account = currency === nairaCurrency ? profile : foreignAccountOf(profile, currency);
  if (!account?.bank_code || !account.account_number || !account.account_name) return undefined;
  return { bank_code: account.bank_code, account_number: account.account_number, account_name: account.account_name };
}

/** Where a payout reaching the bank in `currency` goes for this person now: the naira account, or the one in that currency. */
export async function payoutAccountOf(sub: string, currency: Currency): Promise<BankDetails | undefined> {
  return payoutAccountIn(await getProfile(sub), currency);
}

/** The bank account a person has on file now, or undefined without one. */
export const bankDetailsOf = (sub: string) => payoutAccountOf(sub, nairaCurrency);

/** The account of an email, if there is one. */
export async function getProfileByEmail(email: string): Promise<UserProfile | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: emailKey(email) });
  return Item ? getProfile(String(Item.sub)) : undefined;
}

/** The names of several users, by sub (users without a profile are left out). */
export async function getNames(subs: string[]): Promise<Map<string, Pick<UserProfile, 'full_name' | 'username'>>> {
  const items = await batchGetAll(subs.map(userKey), ['sub', 'full_name', 'username']);
  return new Map(items.map((item) => [String(item.sub), fromItem(item)]));
}

/** Marks the welcome email as sent; false when it already was (so it is sent once). */
export async function markWelcomed(sub: string, at: string): Promise<boolean> {
  const marked = updateItem({
    TableName: tableName(),
    Key: userKey(sub),
    UpdateExpression: 'SET welcomed_at = :at',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(welcomed_at)',
    ExpressionAttributeValues: { ':at': at },
  });
  return onConditionFailed(
    marked.then(() => true),
    () => false,
  );
}

type Counter = 'device_count' | 'unread_notifications';

/**
 * One step of a profile counter (part of a transaction): +1 only on an existing profile and below
 * `max`, -1 only above 0, so a counter never leaves its range whatever runs at the same time.
 */
function counterStep(sub: string, counter: Counter, step: 1 | -1, max?: number): TransactItem {
  const up = step === 1;
  const underMax = max === undefined ? '' : ' AND (attribute_not_exists(#c) OR #c < :max)';
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(sub),
      UpdateExpression: up ? 'SET #c = if_not_exists(#c, :zero) + :one' : 'SET #c = #c - :one',
      ConditionExpression: up ? `attribute_exists(PK)${underMax}` : '#c > :zero',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ...(up && max !== undefined ? { ':max': max } : {}) },
    },
  };
}

/** +1 trusted device, only while under the limit. */
export const deviceCountIncrement = (sub: string) => counterStep(sub, 'device_count', 1, identityLimits.maxDevices);
/** -1 trusted device. */
export const deviceCountDecrement = (sub: string) => counterStep(sub, 'device_count', -1);
/** +1 unread notification. */
export const unreadCountIncrement = (sub: string) => counterStep(sub, 'unread_notifications', 1);
/** -1 unread notification. */
export const unreadCountDecrement = (sub: string) => counterStep(sub, 'unread_notifications', -1);

/** How many of the user's notifications are unread. */
export async function getUnreadCount(sub: string, consistent = false): Promise<number> {
  const { Item } = await getItem({
    TableName: tableName(),
    Key: userKey(sub),
    ProjectionExpression: 'unread_notifications',
    ConsistentRead: consistent,
  });
  return Math.max(0, Number(Item?.unread_notifications ?? 0));
}

/** The update of the payment PIN's hash (part of the transaction that consumes the emailed code). */
export function paymentPinUpdate(sub: string, pinHash: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(sub),
      UpdateExpression: 'SET payment_pin_hash = :hash',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': pinHash },
    },
  };
}

/**
 * Saves the bank details payouts go to, only while the PIN is still the one just checked (a
 * PIN reset in between refuses it); false when it changed.
 */
export async function saveBankDetails(
  sub: string,
  details: Pick<UserProfile, 'bank_code' | 'account_number' | 'account_name'>,
  checkedPinHash: string,
): Promise<boolean> {
  const saved = updateItem({
    TableName: tableName(),
    Key: userKey(sub),
    UpdateExpression: 'SET bank_code = :bank, account_number = :number, account_name = :name',
    ConditionExpression: 'attribute_exists(PK) AND payment_pin_hash = :pin',
    ExpressionAttributeValues: {
      ':bank': details.bank_code,
      ':number': details.account_number,
      ':name': details.account_name,
      ':pin': checkedPinHash,
    },
  });
  return onConditionFailed(
    saved.then(() => true),
    () => false,
  );
}

/**
 * Saves the account in `currency` (the map as read, with this one set), only while the PIN is still
 * the one just checked; false when it changed. Dollars are the one currency today, so no save of
 * another currency can land in between; a second one would set its own key instead.
 */
export async function saveForeignAccount(
  profile: Pick<UserProfile, 'sub' | 'foreign_accounts'>,
  currency: OwnCurrencyAccountCurrency,
  account: ForeignAccount,
  checkedPinHash: string,
): Promise<boolean> {
  const saved = updateItem({
    TableName: tableName(),
    Key: userKey(profile.sub),
    UpdateExpression: 'SET foreign_accounts = :accounts',
    ConditionExpression: 'attribute_exists(PK) AND payment_pin_hash = :pin',
    ExpressionAttributeValues: { ':accounts': { ...profile.foreign_accounts, [currency]: account }, ':pin': checkedPinHash },
  });
  return onConditionFailed(
    saved.then(() => true),
    () => false,
  );
}

/** What decides whether a session of the account is live (runtime/session.ts), as it is now. */
export interface SessionState {
  /** Epoch seconds of the last revocation of every session (absent: never). */
  sessions_revoked_at?: number;
  /** Epoch seconds the account was closed (absent: open). */
  closed_at?: number;
}

/**
 * The account's session state, or undefined when it has no profile: a strongly consistent read of
 * only these two attributes, so a revocation holds from the very next request and the session
 * check never reads the profile's secrets (hashes, bank details).
 */
export async function sessionStateOf(sub: string): Promise<SessionState | undefined> {
  const { Item } = await getItem({
    TableName: tableName(),
    Key: userKey(sub),
    ProjectionExpression: 'PK, sessions_revoked_at, closed_at',
    ConsistentRead: true,
  });
  if (!Item) return undefined;
  const { sessions_revoked_at, closed_at } = Item as SessionState;
  return {
    ...(sessions_revoked_at === undefined ? {} : { sessions_revoked_at }),
    ...(closed_at === undefined ? {} : { closed_at }),
  };
}

/** The epoch of the account's realtime channel (adapters/events.ts `personalChannel`): its last revocation, 0 before any. */
export const sessionEpoch = (state: SessionState) => state.sessions_revoked_at ?? 0;

/**
 * A person as the audience of realtime announcements (entities/table.ts): their channel is looked
 * up once the write has committed, with the epoch of that moment, so an event written after their
 * sessions were revoked never reaches a subscription opened before; a closed or missing account is
 * announced nothing.
 */
export function personAudience(sub: string): Audience {
  return {
    key: `USER#${sub}`,
    channel: async () => {
      const state = await sessionStateOf(sub);
      return state && state.closed_at === undefined ? personalChannel(sub, sessionEpoch(state)) : undefined;
    },
  };
}

/**
 * Marks every session of the account before now as revoked (a password reset): the API and the
 * realtime authorizer refuse their tokens, and the realtime channel moves on to the new epoch. The
 * old channel is told its sessions ended, last.
 */
export async function revokeSessions(sub: string, atSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  const { Attributes } = await updateItem({
    TableName: tableName(),
    Key: userKey(sub),
    UpdateExpression: 'SET sessions_revoked_at = :at',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':at': atSeconds },
    ReturnValues: 'UPDATED_OLD',
  });
  await endOpenSubscriptions(sub, Attributes, atSeconds);
}

/**
 * Closes the account (ops): every token of it is refused from now on (runtime/session.ts), in the
 * same write that revokes its sessions; the realtime channel of those sessions is told they ended.
 * False when there is no such profile.
 */
export async function closeProfile(sub: string, atSeconds = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const write = updateItem({
    TableName: tableName(),
    Key: userKey(sub),
    UpdateExpression: 'SET closed_at = if_not_exists(closed_at, :at), sessions_revoked_at = :at',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':at': atSeconds },
    ReturnValues: 'UPDATED_OLD',
  });
  return onConditionFailed(
    write.then(async ({ Attributes }) => {
      await endOpenSubscriptions(sub, Attributes, atSeconds);
      return true;
    }),
    () => false,
  );
}

/**
 * Tells the channel of the epoch a revocation just ended (read in the revoking write itself, so no
 * other write can slip between) that its sessions are over. A courtesy to an honest page: what ends
 * the subscriptions is that nothing is published there any more (publishEvents never throws).
 * A second revocation within the same second ends no epoch: only sessions signed in within that
 * second can be on it, and they stay live (revocation is to the second, runtime/session.ts).
 */
async function endOpenSubscriptions(sub: string, before: Record<string, unknown> | undefined, now: number): Promise<void> {
  const epoch = sessionEpoch({ sessions_revoked_at: before?.sessions_revoked_at as number | undefined });
  if (epoch !== now) await publishEvents(personalChannel(sub, epoch), [sessionEndedEvent]);
}

/** Turns the emails that are not about money on or off for the account. */
export async function saveEmailUpdates(sub: string, on: boolean): Promise<void> {
  await updateItem({
    TableName: tableName(),
    Key: userKey(sub),
    UpdateExpression: 'SET email_updates = :on',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':on': on },
  });
}
