import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction } from '../core/runtime/api-function';
import { removeTemplate } from '../core/services/templates';

/** The creator deletes a template (contracts made from it stay). */
export const handler = endpointFunction(endpoints.deleteTemplate, async ({ caller, params }) => {
  await removeTemplate(params.id, caller.sub);
  return { message: 'Template deleted.' };
});
