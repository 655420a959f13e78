import { pathIdSchema } from '../core/api/common';
import { editTemplateRequestSchema, templateResponseSchema } from '../core/api/templates';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { editTemplate } from '../core/services/templates';

/** The creator edits a template. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { id } = parseInput(pathIdSchema, event.pathParameters);
    const input = parseInput(editTemplateRequestSchema, event.body);
    return respond(templateResponseSchema, { template: await editTemplate(id, sub, input) });
  });
