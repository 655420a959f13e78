import * as z from '../domain/zod';

/** The notifications API: replies. */

/** How many notifications a list returns (spec §9). */
export const notificationsLoaded = 10;

export const notificationViewSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  /** The contract the notification is about, which it opens. */
  contract_id: z.optional(z.string()),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationViewSchema),
  unread_count: z.int().check(z.minimum(0)),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread_count: z.int().check(z.minimum(0)) });

/**
 * Where the signed-in person's realtime updates arrive: their AppSync Events channel of the
 * account's current session epoch (`/notifications/<sub>/<epoch>`), which the realtime authorizer
 * lets only a live session of theirs subscribe to, and which moves when their sessions are revoked.
 */
export const realtimeChannelResponseSchema = z.object({
  channel: z.string().check(z.regex(/^\/notifications\/[A-Za-z0-9-]{1,50}\/\d{1,12}$/)),
});
export type RealtimeChannelResponse = z.infer<typeof realtimeChannelResponseSchema>;
