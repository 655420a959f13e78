import * as z from 'zod';

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
  contract_id: z.string().optional(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationViewSchema),
  unread_count: z.number().int().min(0),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread_count: z.number().int().min(0) });
