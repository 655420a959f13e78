import { deleteContract } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, parseInput, pathIdSchema } from '../core/http';

/** The creator deletes a pending contract (and its acceptance links). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  await deleteContract(id, sub);
  return json(200, { message: 'Contract deleted.' });
});
