import { pathIdSchema } from '../core/api/common';
import { disputeResponseSchema } from '../core/api/disputes';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { disputeFor } from '../core/services/disputes';

/** A contract's dispute with its proposals, for the contract's parties only; null while it has none. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return respond(disputeResponseSchema, { dispute: await disputeFor(id, sub) });
});
