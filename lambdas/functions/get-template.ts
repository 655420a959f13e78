import { pathIdSchema } from '../core/api/common';
import { templateResponseSchema } from '../core/api/templates';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { templateForCreator } from '../core/services/templates';

/** A template's details, for its creator only. */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  return respond(templateResponseSchema, { template: await templateForCreator(id, sub) });
});
