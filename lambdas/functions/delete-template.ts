import { apiFunction, callerOf, json, parseInput, pathIdSchema } from '../core/http';
import { removeTemplate } from '../core/templates';

/** The creator deletes a template (contracts made from it stay). */
export const handler = apiFunction().handler(async (event) => {
  const { sub } = callerOf(event);
  const { id } = parseInput(pathIdSchema, event.pathParameters);
  await removeTemplate(id, sub);
  return json(200, { message: 'Template deleted.' });
});
