import { editTemplateRequestSchema } from '../core/contracts/escrow';
import { apiFunction, callerOf, json, jsonBody, parseInput, pathIdSchema } from '../core/http';
import { editTemplate } from '../core/templates';

/** The creator edits a template. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { id } = parseInput(pathIdSchema, event.pathParameters);
    return json(200, { template: await editTemplate(id, sub, parseInput(editTemplateRequestSchema, event.body)) });
  });
