import { createdResponseSchema, messageResponseSchema } from '@escrow/api/common';
import {
  type CreateInstanceRequest,
  type CreateTemplateRequest,
  createInstanceResponseSchema,
  type EditTemplateRequest,
  fetchTemplateResponseSchema,
  type PublicTemplate,
  type TemplateView,
  type templateIdRequestSchema,
  templateListResponseSchema,
  templateResponseSchema,
} from '@escrow/api/templates';
import type { z } from 'zod';
import { apiFetch } from '../../lib/api';

/** The templates endpoints; bodies and replies are the shared API's (`@escrow/api/templates`). */

const path = (templateId: string) => `/templates/${encodeURIComponent(templateId)}`;

export function createTemplate(body: CreateTemplateRequest): Promise<{ id: string }> {
  return apiFetch('/templates', { method: 'POST', body, schema: createdResponseSchema });
}

/** The caller's templates, newest first. */
export async function listMyTemplates(): Promise<TemplateView[]> {
  const reply = await apiFetch('/templates', { schema: templateListResponseSchema });
  return reply.templates;
}

export async function getTemplate(templateId: string): Promise<TemplateView> {
  const reply = await apiFetch(path(templateId), { schema: templateResponseSchema });
  return reply.template;
}

export async function editTemplate(templateId: string, body: EditTemplateRequest): Promise<TemplateView> {
  const reply = await apiFetch(path(templateId), { method: 'PATCH', body, schema: templateResponseSchema });
  return reply.template;
}

export function deleteTemplate(templateId: string): Promise<{ message: string }> {
  return apiFetch(path(templateId), { method: 'DELETE', schema: messageResponseSchema });
}

/** What anyone holding a template's id may see. */
export async function fetchContractTemplate(templateId: string): Promise<PublicTemplate> {
  const body: z.input<typeof templateIdRequestSchema> = { templateId };
  const reply = await apiFetch('/fetch-contract-template', { method: 'POST', body, schema: fetchTemplateResponseSchema });
  return reply.template;
}

/** A contract worth base price x quantity, with the caller as its (already accepted) acceptor. */
export async function createInstanceFromTemplate(templateId: string, quantity: number): Promise<string | undefined> {
  const body: CreateInstanceRequest = { templateId, quantity };
  const reply = await apiFetch('/create-instance-from-template', { method: 'POST', body, schema: createInstanceResponseSchema });
  // Spec §7 names three places the new id may come back in.
  return reply.newContractId || reply.contractId || reply.contract?.id || undefined;
}
