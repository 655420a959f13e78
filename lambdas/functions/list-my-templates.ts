import { templateListResponseSchema } from '../core/api/templates';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';
import { templatesCreatedBy } from '../core/services/templates';

/** The caller's own templates, newest first. */
export const handler = apiFunction().handler(async (event) =>
  respond(templateListResponseSchema, { templates: await templatesCreatedBy(callerOf(event).sub) }),
);
