import { pathIdSchema } from '../core/api/common';
import { refundsResponseSchema } from '../core/api/refunds';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { refundsFor } from '../core/services/refunds/view';

/** The caller's refunds on a contract, for its parties only: each leg, how it goes back and where it stands. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return respond(refundsResponseSchema, { refunds: await refundsFor(id, sub) });
});
