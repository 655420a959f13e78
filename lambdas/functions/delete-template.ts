import { messageResponseSchema, pathIdSchema } from '../core/api/common';
import { apiFunction, callerOf, parseInput, respond } from '../core/runtime/api-function';
import { removeTemplate } from '../core/services/templates';

/** The creator deletes a template (contracts made from it stay). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  await removeTemplate(id, sub);
  return respond(messageResponseSchema, { message: 'Template deleted.' });
});
