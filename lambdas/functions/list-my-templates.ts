import { listTemplatesByCreator } from '../core/entities/template';
import { apiFunction, callerOf, json } from '../core/http';

/** The caller's own templates, newest first. */
export const handler = apiFunction().handler(async (event) =>
  json(200, { templates: await listTemplatesByCreator(callerOf(event).sub) }),
);
