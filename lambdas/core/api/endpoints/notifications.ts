import { pathIdSchema } from '../common';
import { notificationsResponseSchema, realtimeChannelResponseSchema, unreadCountResponseSchema } from '../notifications';
import type { Endpoint } from './endpoint';

/** Notifications and the realtime channel they also arrive on. */

export const listNotifications = {
  name: 'list-notifications',
  method: 'GET',
  path: '/notifications',
  auth: 'protected',
  response: notificationsResponseSchema,
} as const satisfies Endpoint;
export const getRealtimeChannel = {
  name: 'get-realtime-channel',
  method: 'GET',
  path: '/realtime-channel',
  auth: 'protected',
  response: realtimeChannelResponseSchema,
} as const satisfies Endpoint;
export const markNotificationRead = {
  name: 'mark-notification-read',
  method: 'POST',
  path: '/notifications/{id}/read',
  auth: 'protected',
  params: pathIdSchema,
  response: unreadCountResponseSchema,
} as const satisfies Endpoint;
