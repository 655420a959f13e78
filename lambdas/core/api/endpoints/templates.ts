import { createdResponseSchema, messageResponseSchema, pathIdSchema } from '../common';
import {
  createInstanceRequestSchema,
  createInstanceResponseSchema,
  createTemplateRequestSchema,
  editTemplateRequestSchema,
  fetchTemplateResponseSchema,
  templateIdRequestSchema,
  templateListResponseSchema,
  templateResponseSchema,
} from '../templates';
import type { Endpoint } from './endpoint';

/** Templates: reusable offers, and the contracts made from them. */

export const createTemplate = {
  name: 'create-template',
  method: 'POST',
  path: '/templates',
  auth: 'protected',
  request: createTemplateRequestSchema,
  response: createdResponseSchema,
} as const satisfies Endpoint;
export const listMyTemplates = {
  name: 'list-my-templates',
  method: 'GET',
  path: '/templates',
  auth: 'protected',
  response: templateListResponseSchema,
} as const satisfies Endpoint;
export const getTemplate = {
  name: 'get-template',
  method: 'GET',
  path: '/templates/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: templateResponseSchema,
} as const satisfies Endpoint;
export const updateTemplate = {
  name: 'update-template',
  method: 'PATCH',
  path: '/templates/{id}',
  auth: 'protected',
  params: pathIdSchema,
  request: editTemplateRequestSchema,
  response: templateResponseSchema,
} as const satisfies Endpoint;
export const deleteTemplate = {
  name: 'delete-template',
  method: 'DELETE',
  path: '/templates/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const fetchContractTemplate = {
  name: 'fetch-contract-template',
  method: 'POST',
  path: '/fetch-contract-template',
  auth: 'protected',
  request: templateIdRequestSchema,
  response: fetchTemplateResponseSchema,
} as const satisfies Endpoint;
export const createInstanceFromTemplate = {
  name: 'create-instance-from-template',
  method: 'POST',
  path: '/create-instance-from-template',
  auth: 'protected',
  request: createInstanceRequestSchema,
  response: createInstanceResponseSchema,
} as const satisfies Endpoint;
