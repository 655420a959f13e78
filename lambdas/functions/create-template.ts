import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { createTemplate } from '../core/services/templates';

/** A reusable template; anyone holding its ID may use it. */
export const handler = endpointFunction(
  endpoints.createTemplate,
  async ({ caller, body }) => ({ id: await createTemplate(caller.sub, body) }),
  { body: jsonBody, status: 201 },
);
