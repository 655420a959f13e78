import type { z } from 'zod';
import type {
  CreateTemplateRequest,
  createInstanceRequestSchema,
  EditTemplateRequest,
  TemplateView,
} from '../../../../lambdas/core/contracts/escrow';
import { apiFetch } from '../../lib/api';

/** The templates endpoints; bodies and replies are the shared contract's (lambdas/core/contracts/escrow). */

/** What anyone holding a template's id may see. */
export type PublicTemplate = Pick<TemplateView, 'id' | 'title' | 'description' | 'base_price_minor' | 'currency'>;

const path = (templateId: string) => `/templates/${encodeURIComponent(templateId)}`;

export function createTemplate(body: CreateTemplateRequest): Promise<{ id: string }> {
  return apiFetch('/templates', { method: 'POST', body });
}

/** The caller's templates, newest first. */
export async function listMyTemplates(): Promise<TemplateView[]> {
  const reply = await apiFetch<{ templates: TemplateView[] }>('/templates');
  return reply.templates;
}

export async function getTemplate(templateId: string): Promise<TemplateView> {
  const reply = await apiFetch<{ template: TemplateView }>(path(templateId));
  return reply.template;
}

export async function editTemplate(templateId: string, body: EditTemplateRequest): Promise<TemplateView> {
  const reply = await apiFetch<{ template: TemplateView }>(path(templateId), { method: 'PATCH', body });
  return reply.template;
}

export function deleteTemplate(templateId: string): Promise<{ message: string }> {
  return apiFetch(path(templateId), { method: 'DELETE' });
}

export async function fetchContractTemplate(templateId: string): Promise<PublicTemplate> {
  const reply = await apiFetch<{ success: true; template: PublicTemplate }>('/fetch-contract-template', {
    method: 'POST',
    body: { templateId },
  });
  return reply.template;
}

/** A contract worth base price x quantity, with the caller as its (already accepted) acceptor. */
export async function createInstanceFromTemplate(templateId: string, quantity: number): Promise<string | undefined> {
  const body: z.input<typeof createInstanceRequestSchema> = { templateId, quantity };
  const reply = await apiFetch<{ newContractId?: string; contractId?: string; contract?: { id?: string } }>(
    '/create-instance-from-template',
    { method: 'POST', body },
  );
  // Spec §7 names three places the new id may come back in.
  return reply.newContractId || reply.contractId || reply.contract?.id || undefined;
}
