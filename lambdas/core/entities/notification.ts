import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { documents } from '../clients';
import { type NotificationsResponse, type NotificationView, notificationsLoaded } from '../contracts/escrow';
import { requireEnv } from '../env';
import { NotFoundError } from '../errors';
import { notificationKey, notificationPrefix, userKey } from './keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => requireEnv('tableName');

/**
 * A notification for a user as two transaction items: the notification and +1 on the user's
 * unread count (kept on the profile, so the badge never needs a scan and never goes below 0).
 */
export function notificationItems(userId: string, title: string, body: string, now: string): TransactItem[] {
  const id = ulid();
  const item: NotificationView = { id, user_id: userId, title, body, read: false, created_at: now };
  return [
    { Put: { TableName: table(), Item: { ...notificationKey(userId, id), ...item } } },
    {
      Update: {
        TableName: table(),
        Key: userKey(userId),
        UpdateExpression: 'SET unread_notifications = if_not_exists(unread_notifications, :zero) + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      },
    },
  ];
}

export async function listNotifications(userId: string): Promise<NotificationsResponse> {
  const [{ Items = [] }, { Item }] = await Promise.all([
    documents().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': notificationPrefix },
        ScanIndexForward: false,
        Limit: notificationsLoaded,
      }),
    ),
    documents().send(new GetCommand({ TableName: table(), Key: userKey(userId), ProjectionExpression: 'unread_notifications' })),
  ]);
  return {
    notifications: Items.map(
      ({ id, user_id, title, body, read, created_at }) => ({ id, user_id, title, body, read, created_at }) as NotificationView,
    ),
    unread_count: Math.max(0, Number(Item?.unread_notifications ?? 0)),
  };
}

/**
 * Marks one of the user's notifications read and uncounts it, atomically and once: a second call
 * changes nothing. Someone else's notification is simply not found.
 */
export async function markNotificationRead(userId: string, id: string): Promise<number> {
  const markRead: TransactItem = {
    Update: {
      TableName: table(),
      Key: notificationKey(userId, id),
      UpdateExpression: 'SET #read = :true',
      ConditionExpression: 'attribute_exists(PK) AND #read = :false',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':true': true, ':false': false },
    },
  };
  const uncount: TransactItem = {
    Update: {
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'SET unread_notifications = unread_notifications - :one',
      ConditionExpression: 'unread_notifications > :zero',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  };
  try {
    await documents().send(new TransactWriteCommand({ TransactItems: [markRead, uncount] }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [notificationReason, countReason] = (error.CancellationReasons ?? []).map((r) => r.Code);
    if (notificationReason === 'ConditionalCheckFailed') {
      const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: notificationKey(userId, id) }));
      if (!Item) throw new NotFoundError('Notification not found.');
    } else if (countReason === 'ConditionalCheckFailed') {
      // The count is already 0: mark it read alone rather than let the count go negative.
      await documents().send(new TransactWriteCommand({ TransactItems: [markRead] }));
    } else {
      throw error;
    }
  }
  const { Item } = await documents().send(
    new GetCommand({
      TableName: table(),
      Key: userKey(userId),
      ProjectionExpression: 'unread_notifications',
      ConsistentRead: true,
    }),
  );
  return Math.max(0, Number(Item?.unread_notifications ?? 0));
}
