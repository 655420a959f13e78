import { templateIdRequestSchema } from '../core/contracts/escrow';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';
import { templateForUse } from '../core/templates';

/** A template for anyone signed in who holds its ID. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    callerOf(event);
    const { templateId } = parseInput(templateIdRequestSchema, event.body);
    return json(200, { success: true, template: await templateForUse(templateId) });
  });
