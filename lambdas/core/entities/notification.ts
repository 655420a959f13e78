import { ulid } from 'ulid';
import { getItem, queryItems } from '../adapters/dynamodb';
import { appLink, sendStepEmail } from '../adapters/email';
import { logger } from '../adapters/logger';
import { type StepEmailName, stepEmails, withLagosTimes } from '../domain/email-templates';
import { NotFoundError } from '../domain/errors';
import { isInvitation } from '../domain/escrow-contract';
import { getProfile, personAudience, unreadCountDecrement, unreadCountIncrement, userKey } from './profile';
import { afterCommit, announceOnCommit, onConditionFailed, type TransactItem, tableName, transactWrite } from './table';

/** A notification of a user: `USER#<sub>` / `NOTIF#<ulid>` (ULIDs sort by time: newest last). */
export const notificationKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `NOTIF#${id}` });

export interface Notification {
  id: string;
  user_id: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
  /** The contract it is about, which the notification opens; absent for one about no contract. */
  contract_id?: string;
}

export function toItem(notification: Notification): Record<string, unknown> {
  return { ...notificationKey(notification.user_id, notification.id), ...notification };
}

export function fromItem(item: Record<string, unknown>): Notification {
  const { id, user_id, title, body, read, created_at, contract_id } = item as unknown as Notification;
  return { id, user_id, title, body, read, created_at, ...(contract_id ? { contract_id } : {}) };
}

/** What a notification is about: the contract it opens, and the step's email to send with it, if any. */
export interface NotificationAbout {
  contract: { id: string; title: string };
  email?: StepEmailName;
  /** More values the step's email template reads (e.g. `seller`). */
  values?: Record<string, string>;
}

/**
 * A notification for a user as two transaction items: the notification and +1 on the user's
 * unread count (kept on the profile, so the badge never needs a scan and never goes below 0).
 * Once written, it is announced on the user's channel, so an open page shows it at once, and
 * with `about.email` the same words go out as that step's email with a link to the contract.
 * Nobody is told through an invitation not yet taken up (no account yet: the invitation email
 * is what tells them).
 */
export function notificationItems(
  userId: string,
  title: string,
  body: string,
  now: string,
  about?: NotificationAbout,
  id: string = ulid(),
): TransactItem[] {
  if (isInvitation(userId)) return [];
  const put = notificationPut({ id, user_id: userId, title, body, read: false, created_at: now }, about);
  const step = about?.email;
  if (about && step) afterCommit(put, () => emailStep(userId, step, about, body));
  return [put, unreadCountIncrement(userId)];
}

/** The put of a new notification, announced on its user's channel once written. */
function notificationPut(fields: Omit<Notification, 'contract_id'>, about?: NotificationAbout): TransactItem {
  const notification: Notification = { ...fields, ...(about ? { contract_id: about.contract.id } : {}) };
  return announceOnCommit({ Put: { TableName: tableName(), Item: toItem(notification) } }, personAudience(fields.user_id), {
    type: 'notification',
    notification,
  });
}

/**
 * A notification that brings `replaced` up to date (the same news, newer words): the replaced one
 * deleted, only while it is as it was read (else the transaction is refused and the caller reads
 * again), and the new one put unread, at the top of the list. The unread count goes up only when
 * the replaced one no longer counted (it was read, or is gone). No email: whoever is told this way
 * was emailed with the first.
 */
export function notificationReplacementItems(
  userId: string,
  replaced: Pick<Notification, 'id' | 'read'> | undefined,
  title: string,
  body: string,
  now: string,
  about: NotificationAbout,
  id: string = ulid(),
): TransactItem[] {
  if (isInvitation(userId)) return [];
  const put = notificationPut({ id, user_id: userId, title, body, read: false, created_at: now }, { contract: about.contract });
  if (!replaced) return [put, unreadCountIncrement(userId)];
  const remove: TransactItem = {
    Delete: {
      TableName: tableName(),
      Key: notificationKey(userId, replaced.id),
      ConditionExpression: '#read = :read',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':read': replaced.read },
    },
  };
  return replaced.read ? [remove, put, unreadCountIncrement(userId)] : [remove, put];
}

/** One of a user's notifications, read consistently; undefined when there is none. */
export async function getNotification(userId: string, id: string): Promise<Notification | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: notificationKey(userId, id), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/**
 * A step's email to a person, best effort (the notification is written): not to someone who
 * turned off emails that are not about money, unless the step is essential.
 */
async function emailStep(userId: string, step: StepEmailName, about: NotificationAbout, message: string): Promise<void> {
  try {
    const profile = await getProfile(userId);
    if (!profile?.email) return;
    if (profile.email_updates === false && !stepEmails[step].essential) return;
    await sendStepEmail(profile.email, step, {
      name: profile.full_name || profile.email,
      title: about.contract.title,
      message: withLagosTimes(message),
      link: contractLink(about.contract.id),
      ...about.values,
    });
  } catch (error) {
    logger.warn('Email not sent', { step, error: error as Error });
  }
}

/** The contract's share link: it opens the deal for whoever it belongs to (after sign-in or sign-up). */
export const contractLink = (contractId: string) => appLink(`/contracts/${contractId}`);

/** A user's `limit` newest notifications. */
export async function listNotifications(userId: string, limit: number): Promise<Notification[]> {
  const { Items = [] } = await queryItems({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': 'NOTIF#' },
    ScanIndexForward: false,
    Limit: limit,
  });
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
      const { Item } = await getItem({ TableName: tableName(), Key: notificationKey(userId, id) });
      if (!Item) throw new NotFoundError('Notification not found.');
    } else if (failed.includes(1)) {
      // The count is already 0: mark it read alone rather than let the count go negative.
      await transactWrite([markRead]);
    } else {
      throw error;
    }
  });
}
