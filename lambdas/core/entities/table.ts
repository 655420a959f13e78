import {
  batchGetItems,
  DynamoDBServiceException,
  type QueryInput,
  queryItems,
  type TransactItem,
  TransactionCanceledException,
  transactWriteItems,
} from '../adapters/dynamodb';
import { requireEnv } from '../adapters/env';
import { publishEvents, publishesEvents } from '../adapters/events';
import { logger } from '../adapters/logger';
import { Backoff } from '../domain/backoff';
import { ConflictError } from '../domain/errors';

/**
 * What every entity module shares: the table's name, one way to write a transaction, one way to
 * recognise a refused condition, paged queries and the creator index. Each item type has its own
 * module beside this one (keys, toItem/fromItem, verbs named after access patterns).
 */

export const tableName = () => requireEnv('tableName');

export type { TransactItem };

/**
 * Who an announcement is for: announcements with the same `key` are published together, in their
 * order, to the channel `channel()` answers once the write has committed (a person's channel moves
 * when their sessions are revoked: adapters/events.ts `personalChannel`); none when it answers
 * undefined (an account closed or gone). entities/profile.ts `personAudience` makes a person's.
 */
export interface Audience {
  key: string;
  channel: () => Promise<string | undefined>;
}

/** A realtime event to announce once the transaction holding its item has committed. */
interface Announcement {
  audience: Audience;
  event: unknown;
}

const announcements = new WeakMap<TransactItem, Announcement[]>();
const effects = new WeakMap<TransactItem, (() => Promise<void>)[]>();

/**
 * Marks `item` to be announced to `audience` (AppSync Events) once a transaction that holds it has
 * committed: a page open on it then updates at once. Never before the commit, never for a write
 * that was refused. An item may be announced to several audiences. Answers the item.
 */
export function announceOnCommit(item: TransactItem, audience: Audience, event: unknown): TransactItem {
  announcements.set(item, [...(announcements.get(item) ?? []), { audience, event }]);
  return item;
}

/**
 * Marks `item` with something to do once a transaction that holds it has committed (an email
 * about what it wrote): never before the commit, never for a write that was refused. The effect
 * is best effort: it must not throw (what it tells is already written). Answers the item.
 */
export function afterCommit(item: TransactItem, effect: () => Promise<void>): TransactItem {
  effects.set(item, [...(effects.get(item) ?? []), effect]);
  return item;
}

/**
 * Writes all items or none; then publishes what its items announce, per audience in their order,
 * and runs their after-commit effects. The write stands whatever those do (adapters/events.ts
 * never throws, nor does an audience's channel look-up here; effects must not).
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  await writeThroughTransientCancels(items);
  const byAudience = new Map<string, { audience: Audience; events: unknown[] }>();
  for (const item of items)
    for (const { audience, event } of announcements.get(item) ?? []) {
      const entry = byAudience.get(audience.key) ?? { audience, events: [] };
      entry.events.push(event);
      byAudience.set(audience.key, entry);
    }
  await Promise.all([
    ...[...byAudience.values()].map(({ audience, events }) => announce(audience, events)),
    ...items.flatMap((item) => effects.get(item) ?? []).map((effect) => effect()),
  ]);
}

/**
 * Why DynamoDB may cancel a transaction that refused nothing: another transaction changing the same
 * items (TransactionConflict), or the table throttled for a moment. A cancelled transaction wrote
 * nothing, and the SDK does not try it again (it retries a throttled request, not a cancelled
 * transaction), so a spike of writes to one item (many release requests for one contract at once)
 * would otherwise answer a 500 for what the same write passes a moment later.
 */
const transientCancellations = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/** Whether DynamoDB cancelled the transaction only for {@link transientCancellations} (no condition refused it). */
function cancelledOnlyTransiently(error: unknown): boolean {
  if (!(error instanceof TransactionCanceledException)) return false;
  const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code).filter((code) => code !== 'None');
  return codes.length > 0 && codes.every((code) => code !== undefined && transientCancellations.has(code));
}

/** How long a transaction cancelled transiently is tried again, in all (well within a function's 10 s). */
export const transientRetryMs = 1_000;

/**
 * The transaction, tried again (jittered, growing pauses, for {@link transientRetryMs}) while DynamoDB
 * cancels it only transiently; each try is a new request (a new request token), its conditions
 * checked again. What a condition refused, or a cancel that outlasts the tries, is thrown as it came.
 */
async function writeThroughTransientCancels(items: TransactItem[]): Promise<void> {
  const wait = new Backoff(Date.now() + transientRetryMs, 25, 200);
  for (;;) {
    try {
      await transactWriteItems(items);
      return;
    } catch (error) {
      if (!cancelledOnlyTransiently(error) || wait.expired) throw error;
      await wait.pause();
    }
  }
}

/** Publishes `events` to the audience's channel as it is now; a failure is logged, never thrown (the write stands). */
async function announce(audience: Audience, events: unknown[]): Promise<void> {
  // A function told nowhere to publish (a Cognito trigger) looks no channel up either.
  if (!publishesEvents()) return;
  try {
    const channel = await audience.channel();
    if (channel) await publishEvents(channel, events);
  } catch (error) {
    logger.warn('Realtime events not announced', { audience: audience.key, error: error as Error });
  }
}

/**
 * Which items' conditions refused a write: [0] for a single write, the indexes of the transaction
 * items whose condition failed, or [] for a transaction that another one changing the same items
 * got in the way of (nothing failed, the same write may pass now). Undefined for any other error.
 */
export function failedConditions(error: unknown): number[] | undefined {
  if (!(error instanceof DynamoDBServiceException)) return undefined;
  if (error.name === 'ConditionalCheckFailedException') return [0];
  // A single write that met a transaction still changing its item: nothing failed, it may pass now.
  if (error.name === 'TransactionConflictException') return [];
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const reasons = (error.CancellationReasons ?? []).map((reason) => reason.Code);
  const failed = reasons.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
  if (failed.length > 0) return failed;
  return reasons.includes('TransactionConflict') ? [] : undefined;
}

/**
 * Runs a write; when conditions refuse it, `onFailed` says what that means (a value, or a domain
 * error to throw; `error` to rethrow as it came). Every other error is thrown as it came.
 */
export async function onConditionFailed<T, F>(
  write: Promise<T>,
  onFailed: (failedItems: number[], error: unknown) => F,
): Promise<T | F> {
  try {
    return await write;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    return onFailed(failed, error);
  }
}

/** The `onFailed` of a change that someone else's change got to first: the domain's 409 with `message`. */
export function conflict(message: string): () => never {
  return () => {
    throw new ConflictError(message);
  };
}

/** Every item a query matches, following DynamoDB's pages (1 MB each) to the end. */
export async function queryAll(input: Omit<QueryInput, 'ExclusiveStartKey' | 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryItems({ ...input, TableName: tableName(), ExclusiveStartKey: startKey });
    items.push(...page.Items);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Every item listed under `partition` of GSI1, in its sort key's order (the oldest first where it starts with a time). */
export function queryGsi1Partition(partition: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
  });
}

type Key = { PK: string; SK: string };

/**
 * The items of many keys (any order), 100 keys a request as DynamoDB allows, retrying what it
 * leaves unprocessed. `projection` names the attributes to read (all when omitted).
 */
export async function batchGetAll(keys: Key[], projection?: string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  const names = projection && Object.fromEntries(projection.map((name, i) => [`#p${i}`, name]));
  for (let i = 0; i < keys.length; i += 100) {
    let pending = keys.slice(i, i + 100);
    while (pending.length) {
      const { Items, UnprocessedKeys } = await batchGetItems({
        TableName: tableName(),
        Keys: pending,
        ...(names ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } : {}),
      });
      found.push(...Items);
      pending = UnprocessedKeys as Key[];
    }
  }
  return found;
}

/** Kinds of item listed by creator in GSI1. */
export type CreatorItemKind = 'CONTRACT' | 'TEMPLATE';

/** GSI1 keys: a creator's items of one kind, in creation order. */
export const byCreator = (sub: string, kind: CreatorItemKind, createdAt: string, id: string) => ({
  GSI1PK: `CREATOR#${sub}`,
  GSI1SK: `${kind}#${createdAt}#${id}`,
});

/** All of a creator's items of one kind, newest first (GSI1). */
export function itemsByCreator(sub: string, kind: CreatorItemKind): Promise<Record<string, unknown>[]> {
  return queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :kind)',
    ExpressionAttributeValues: { ':pk': `CREATOR#${sub}`, ':kind': `${kind}#` },
    ScanIndexForward: false,
  });
}

/**
 * A change of a versioned item (part of a transaction): sets `set`, bumps `version`, and only if
 * the item is still at the version it was read at (and, with `status`, in that status), so of two
 * changes made from the same read only one succeeds.
 */
export function versionedUpdate(
  key: Record<string, string>,
  read: { version: number; status?: string },
  set: Record<string, unknown>,
): TransactItem {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':version': read.version, ':next': read.version + 1 };
  const assignments = ['#version = :next'];
  for (const [name, value] of Object.entries(set)) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    assignments.push(`#${name} = :${name}`);
  }
  let condition = '#version = :version';
  if (read.status !== undefined) {
    names['#status'] = 'status';
    values[':expected'] = read.status;
    condition = `#status = :expected AND ${condition}`;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${assignments.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** An item's attributes without the table's key and index attributes. */
export function withoutKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, ...rest } = raw;
  return rest;
}
