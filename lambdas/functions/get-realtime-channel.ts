import * as endpoints from '../core/api/endpoints/notifications';
import { endpointFunction } from '../core/runtime/api-function';
import { realtimeChannelOf } from '../core/services/notifications';

/** The caller's realtime channel of their account's current session epoch, where their open pages subscribe. */
export const handler = endpointFunction(endpoints.getRealtimeChannel, ({ caller }) => realtimeChannelOf(caller.sub));
