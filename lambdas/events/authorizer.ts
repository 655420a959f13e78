import { authorizeRealtime, realtimeAuthorizerFunction } from '../core/runtime/realtime-authorizer';

/** The Event API's Lambda authorizer: connect and subscribe only with a live session, to one's own current channel. */
export const handler = realtimeAuthorizerFunction().handler((event) => authorizeRealtime(event));
