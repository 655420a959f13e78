import { createdResponseSchema } from '../core/api/common';
import { createTemplateRequestSchema } from '../core/api/templates';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { createTemplate } from '../core/services/templates';

/** A reusable template; anyone holding its ID may use it. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const input = parseInput(createTemplateRequestSchema, event.body);
    return respond(createdResponseSchema, { id: await createTemplate(sub, input) }, 201);
  });
