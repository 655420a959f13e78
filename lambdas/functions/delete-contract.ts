import { messageResponseSchema, pathIdSchema } from '../core/api/common';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { deleteContract } from '../core/services/contracts';

/** The creator deletes a pending contract (and its acceptance links). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  await deleteContract(id, sub);
  return respond(messageResponseSchema, { message: 'Contract deleted.' });
});
