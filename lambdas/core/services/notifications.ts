import { personalChannel } from '../adapters/events';
import { type NotificationsResponse, notificationsLoaded, type RealtimeChannelResponse } from '../api/notifications';
import { NotFoundError } from '../domain/errors';
import { throttles } from '../domain/throttle-rules';
import { listNotifications, markNotificationRead, notificationItems } from '../entities/notification';
import { getUnreadCount, sessionEpoch, sessionStateOf } from '../entities/profile';
import type { TransactItem } from '../entities/table';
import { countIfWithin } from './throttles';

/** Notification use cases: what a user is told, and what they have read. */

/** The user's newest notifications and how many of all are unread. */
export async function notificationsOf(sub: string): Promise<NotificationsResponse> {
  const [notifications, unread_count] = await Promise.all([listNotifications(sub, notificationsLoaded), getUnreadCount(sub)]);
  return { notifications, unread_count };
}

/**
 * The person's realtime channel as it is now (its epoch is the account's last revocation of its
 * sessions): where their open pages subscribe. The caller's session was just found live, so the
 * account exists; a profile gone since is simply not found.
 */
export async function realtimeChannelOf(sub: string): Promise<RealtimeChannelResponse> {
  const state = await sessionStateOf(sub);
  if (!state) throw new NotFoundError('Could not load your account details. Please try again.');
  return { channel: personalChannel(sub, sessionEpoch(state)) };
}

/** Marks one notification read (once) and answers the unread count after it. */
export async function markRead(sub: string, id: string): Promise<number> {
  await markNotificationRead(sub, id);
  return getUnreadCount(sub, true);
}

/**
 * Whether `person` (a sub, or the address of someone without an account) may be told of one more
 * thing `sender` did without being asked: a contract naming them, or made from their template.
 * Counted when so: per sender and person first, so one account's flood stops at its own limit and
 * never uses up what others may tell them; then per person from everyone (throttle-rules.ts).
 *
 * Past either limit the contract is still made and only the telling is held back. Refusing the
 * sender instead would hand the flooders a way to block someone: once strangers had used up a
 * person's hour, no real seller could offer them a contract, and a buyer using a popular seller's
 * template would be refused for the crowd before them. What was not told is still there: the
 * contract under the seller's My Contracts, and for its buyer by the ID the seller sends (Find
 * Contract), as the spec's own flow has it.
 */
export async function mayTellUnasked(sender: string, person: string): Promise<boolean> {
  return (
    (await countIfWithin(throttles.noticesFromPerson, `${sender}#${person}`)) && countIfWithin(throttles.noticesForPerson, person)
  );
}

/** The notice a person gets, once a window, when something was not told them: that more came than they were told of. */
export async function heldBackNotice(sub: string, now: string): Promise<TransactItem[]> {
  if (!(await countIfWithin(throttles.noticesHeldBack, sub))) return [];
  return notificationItems(
    sub,
    'More new contracts',
    'You have had more new contracts this hour than we tell you of one by one, so we are not telling you of each until the hour is over. Contracts made from your templates are under My Contracts; for a contract offered to you, ask the seller for its ID and open it under Find Contract.',
    now,
  );
}
