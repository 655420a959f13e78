import { fetchTemplateResponseSchema, templateIdRequestSchema } from '../core/api/templates';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { templateForUse } from '../core/services/templates';

/** A template for anyone signed in who holds its ID. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    callerOf(event);
    const { templateId } = parseInput(templateIdRequestSchema, event.body);
    return respond(fetchTemplateResponseSchema, { success: true, template: await templateForUse(templateId) });
  });
