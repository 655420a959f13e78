import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction } from '../core/runtime/api-function';
import { templateForCreator } from '../core/services/templates';

/** A template's details, for its creator only. */
export const handler = endpointFunction(endpoints.getTemplate, async ({ caller, params }) => ({
  template: await templateForCreator(params.id, caller.sub),
}));
