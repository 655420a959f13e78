import * as endpoints from '@escrow/api/endpoints';
import type {
  CreateInstanceRequest,
  CreateTemplateRequest,
  EditTemplateRequest,
  PublicTemplate,
  TemplateView,
} from '@escrow/api/templates';
import { call } from '../../lib/api';

/** The templates endpoints; bodies and replies are the shared API's (`@escrow/api/endpoints`). */

export function createTemplate(body: CreateTemplateRequest): Promise<{ id: string }> {
  return call(endpoints.createTemplate, { body });
}

/** The caller's templates, newest first. */
export async function listMyTemplates(): Promise<TemplateView[]> {
  const reply = await call(endpoints.listMyTemplates);
  return reply.templates;
}

export async function getTemplate(templateId: string): Promise<TemplateView> {
  const reply = await call(endpoints.getTemplate, { params: { id: templateId } });
  return reply.template;
}

export async function editTemplate(templateId: string, body: EditTemplateRequest): Promise<TemplateView> {
  const reply = await call(endpoints.updateTemplate, { params: { id: templateId }, body });
  return reply.template;
}

export function deleteTemplate(templateId: string): Promise<{ message: string }> {
  return call(endpoints.deleteTemplate, { params: { id: templateId } });
}

/** What anyone holding a template's id may see. */
export async function fetchContractTemplate(templateId: string): Promise<PublicTemplate> {
  const reply = await call(endpoints.fetchContractTemplate, { body: { templateId } });
  return reply.template;
}

/** A contract worth base price x quantity, with the caller as its (already accepted) acceptor. */
export async function createInstanceFromTemplate(templateId: string, quantity: number): Promise<string | undefined> {
  const body: CreateInstanceRequest = { templateId, quantity };
  const reply = await call(endpoints.createInstanceFromTemplate, { body });
  // Spec §7 names three places the new id may come back in.
  return reply.newContractId || reply.contractId || reply.contract?.id || undefined;
}
