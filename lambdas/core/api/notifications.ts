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
