import { realtimeChannelResponseSchema } from '../core/api/notifications';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { realtimeChannelOf } from '../core/services/notifications';

/** The caller's realtime channel of their account's current session epoch, where their open pages subscribe. */
export const handler = apiFunction().handler(async (event) =>
  respond(realtimeChannelResponseSchema, await realtimeChannelOf(callerOf(event).sub)),
);
