import * as endpoints from '../core/api/endpoints/templates';
import { endpointFunction } from '../core/runtime/api-function';
import { templatesCreatedBy } from '../core/services/templates';

/** The caller's own templates, newest first. */
export const handler = endpointFunction(endpoints.listMyTemplates, async ({ caller }) => ({
  templates: await templatesCreatedBy(caller.sub),
}));
