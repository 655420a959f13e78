import { pathIdSchema } from '../core/api/common';
import { contractAnalyticsResponseSchema } from '../core/api/payouts';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { contractAnalytics } from '../core/services/payouts/analytics';

/** What a contract took in, its fee and its payout, for its creator only. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return respond(contractAnalyticsResponseSchema, await contractAnalytics(id, sub));
});
