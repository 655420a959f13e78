import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { templateForUse } from '../core/services/templates';

/** A template for anyone signed in who holds its ID. */
export const handler = endpointFunction(
  endpoints.fetchContractTemplate,
  async ({ body }) => ({
    success: true,
    template: await templateForUse(body.templateId),
  }),
  { body: jsonBody },
);
