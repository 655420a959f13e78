import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { editTemplate } from '../core/services/templates';

/** The creator edits a template. */
export const handler = endpointFunction(
  endpoints.updateTemplate,
  async ({ caller, params, body }) => ({
    template: await editTemplate(params.id, caller.sub, body),
  }),
  { body: jsonBody },
);
