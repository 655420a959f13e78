import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { documents } from '../adapters/aws';
import { personalChannel } from '../adapters/events';
import { NotFoundError } from '../domain/errors';
import { unreadCountDecrement, unreadCountIncrement, userKey } from './profile';
import { announceOnCommit, onConditionFailed, type TransactItem, tableName, transactWrite } from './table';

/** A notification of a user: `USER#<sub>` / `NOTIF#<ulid>` (ULIDs sort by time: newest last). */
export const notificationKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `NOTIF#${id}` });

export interface Notification {
  id: string;
  user_id: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
}

export function toItem(notification: Notification): Record<string, unknown> {
  return { ...notificationKey(notification.user_id, notification.id), ...notification };
}

export function fromItem(item: Record<string, unknown>): Notification {
  const { id, user_id, title, body, read, created_at } = item as unknown as Notification;
  return { id, user_id, title, body, read, created_at };
}

/**
 * A notification for a user as two transaction items: the notification and +1 on the user's
 * unread count (kept on the profile, so the badge never needs a scan and never goes below 0).
 * Once written, it is announced on the user's channel, so an open page shows it at once.
 */
export function notificationItems(userId: string, title: string, body: string, now: string): TransactItem[] {
  const notification: Notification = { id: ulid(), user_id: userId, title, body, read: false, created_at: now };
  const put = announceOnCommit({ Put: { TableName: tableName(), Item: toItem(notification) } }, personalChannel(userId), {
    type: 'notification',
    notification,
  });
  return [put, unreadCountIncrement(userId)];
}

/** A user's `limit` newest notifications. */
export async function listNotifications(userId: string, limit: number): Promise<Notification[]> {
  const { Items = [] } = await documents().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': 'NOTIF#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(fromItem);
}

/**
 * Marks one of the user's notifications read and uncounts it, atomically and once: a second call
 * changes nothing. Someone else's notification is simply not found.
 */
export async function markNotificationRead(userId: string, id: string): Promise<void> {
  const markRead: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: notificationKey(userId, id),
      UpdateExpression: 'SET #read = :true',
      ConditionExpression: 'attribute_exists(PK) AND #read = :false',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':true': true, ':false': false },
    },
  };
  await onConditionFailed(transactWrite([markRead, unreadCountDecrement(userId)]), async (failed, error) => {
    if (failed.includes(0)) {
      const { Item } = await documents().send(new GetCommand({ TableName: tableName(), Key: notificationKey(userId, id) }));
      if (!Item) throw new NotFoundError('Notification not found.');
    } else if (failed.includes(1)) {
      // The count is already 0: mark it read alone rather than let the count go negative.
      await transactWrite([markRead]);
    } else {
      throw error;
    }
  });
}

export { personalChannel };
