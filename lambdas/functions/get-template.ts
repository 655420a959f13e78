import { apiFunction, callerOf, json, parseInput, pathIdSchema } from '../core/http';
import { templateForCreator } from '../core/templates';

/** A template's details, for its creator only. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return json(200, { template: await templateForCreator(id, sub) });
});
