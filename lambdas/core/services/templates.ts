import { ulid } from 'ulid';
import { instanceValue } from './contract-rules';
import type { TemplateView } from './contracts/escrow';
import { contractPut, newContract, partyLinkPut } from './entities/contract';
import { notificationItems } from './entities/notification';
import { getProfile } from './entities/profile';
import { deleteTemplate, getTemplate, putTemplate, updateTemplate } from './entities/template';
import { ForbiddenError, NotFoundError, ValidationError } from './errors';
import { commitContractWrite } from './escrow-contracts';
import { type Currency, formatAmount } from './money';

export const templateMessages = {
  notFound: 'Template not found.',
  notFoundForUse: 'Template not found. Please check the ID.',
  notCreator: 'You are not authorized to view this template.',
  ownTemplate: 'You cannot create a contract from your own template.',
} as const;

export async function createTemplate(
  creatorId: string,
  input: { title: string; description: string; base_price: number; currency: Currency },
): Promise<string> {
  const template: TemplateView = {
    id: ulid(),
    creator_id: creatorId,
    title: input.title,
    description: input.description,
    base_price_minor: input.base_price,
    currency: input.currency,
    created_at: new Date().toISOString(),
  };
  await putTemplate(template);
  return template.id;
}

/** The creator's own template; anyone else is refused with the spec's text (403). */
export async function templateForCreator(id: string, sub: string): Promise<TemplateView> {
  const template = await getTemplate(id);
  if (!template) throw new NotFoundError(templateMessages.notFound);
  if (template.creator_id !== sub) throw new ForbiddenError(templateMessages.notCreator);
  return template;
}

export async function editTemplate(
  id: string,
  sub: string,
  input: { title: string; description: string; base_price: number; currency: Currency },
): Promise<TemplateView> {
  await templateForCreator(id, sub);
  const updated = await updateTemplate(id, sub, { ...input, base_price_minor: input.base_price });
  if (!updated) throw new NotFoundError(templateMessages.notFound);
  return updated;
}

export async function removeTemplate(id: string, sub: string): Promise<void> {
  await templateForCreator(id, sub);
  if (!(await deleteTemplate(id, sub))) throw new NotFoundError(templateMessages.notFound);
}

/** What anyone holding a template's ID may see to use it. */
export async function templateForUse(id: string): Promise<Omit<TemplateView, 'creator_id' | 'created_at'>> {
  const template = await getTemplate(id);
  if (!template) throw new NotFoundError(templateMessages.notFoundForUse);
  const { id: tid, title, description, base_price_minor, currency } = template;
  return { id: tid, title, description, base_price_minor, currency };
}

/**
 * A private contract from a template: value = base price x quantity, the caller as its acceptor
 * (already accepted: they proceed to payment), the template's creator as its creator and told.
 */
export async function instantiateTemplate(templateId: string, sub: string, quantity: number): Promise<string> {
  const template = await getTemplate(templateId);
  if (!template) throw new NotFoundError(templateMessages.notFoundForUse);
  if (template.creator_id === sub) throw new ValidationError(templateMessages.ownTemplate);
  let valueMinor: number;
  try {
    valueMinor = instanceValue(template.base_price_minor, quantity);
  } catch {
    throw new ValidationError('Quantity is too large.');
  }
  const now = new Date().toISOString();
  const contract = newContract({
    id: ulid(),
    creatorId: template.creator_id,
    acceptorId: sub,
    title: template.title,
    description: quantity > 1 ? `${template.description}\n\nQuantity: ${quantity}` : template.description,
    valueMinor,
    currency: template.currency,
    now,
    acceptedBy: [sub],
  });
  const buyer = await getProfile(sub);
  await commitContractWrite([
    contractPut(contract),
    partyLinkPut(contract.id, sub, 'acceptor', now),
    ...notificationItems(
      template.creator_id,
      'Template used',
      `${buyer?.full_name || buyer?.email || 'Someone'} created a contract from your template "${template.title}" (quantity ${quantity}, ${formatAmount(valueMinor, template.currency)}). Contract ID: ${contract.id}`,
      now,
    ),
  ]);
  return contract.id;
}
