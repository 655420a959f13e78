import { createInstanceRequestSchema } from '../core/contracts/escrow';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../core/http';
import { instantiateTemplate } from '../core/templates';

/** A private contract from a template for the caller: base price x quantity. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { templateId, quantity } = parseInput(createInstanceRequestSchema, event.body);
    return json(201, { newContractId: await instantiateTemplate(templateId, sub, quantity) });
  });
