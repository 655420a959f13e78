import { createInstanceRequestSchema, createInstanceResponseSchema } from '../core/api/templates';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { instantiateTemplate } from '../core/services/templates';

/** A private contract from a template for the caller: base price x quantity. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { templateId, quantity } = parseInput(createInstanceRequestSchema, event.body);
    return respond(createInstanceResponseSchema, { newContractId: await instantiateTemplate(templateId, sub, quantity) }, 201);
  });
