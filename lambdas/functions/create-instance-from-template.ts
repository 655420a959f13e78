import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { instantiateTemplate } from '../core/services/templates';

/** A private contract from a template for the caller: base price x quantity. */
export const handler = endpointFunction(
  endpoints.createInstanceFromTemplate,
  async ({ caller, body: { templateId, quantity } }) => ({
    newContractId: await instantiateTemplate(templateId, caller.sub, quantity),
  }),
  { body: jsonBody, status: 201 },
);
