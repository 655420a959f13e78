import { createTemplateRequestSchema } from '../core/contracts/escrow';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';
import { createTemplate } from '../core/templates';

/** A reusable template; anyone holding its ID may use it. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    return json(201, { id: await createTemplate(sub, parseInput(createTemplateRequestSchema, event.body)) });
  });
