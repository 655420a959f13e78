import { ulid } from 'ulid';
import type { PublicTemplate, TemplateView } from '../api/templates';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors';
import type { MilestoneTerms } from '../domain/milestones';
import type { Currency } from '../domain/money';
import { currencyNotAvailable, formatAmount, isEscrowCurrency } from '../domain/money';
import { instanceDescription, instanceMilestones, instanceValue, type Template, templateMessages } from '../domain/template';
import { throttles } from '../domain/throttle-rules';
import { commitContractChange, contractPut } from '../entities/contract';
import { notificationItems } from '../entities/notification';
import { partyLinkPut } from '../entities/party-link';
import { deleteTemplate, getTemplate, listTemplatesByCreator, putTemplate, updateTemplate } from '../entities/template';
import { editedValueAndMilestones, type MilestoneInput, newContract, valueAndMilestones } from './contracts';
import { openEscrow } from './escrow-workflow';
import { heldBackNotice, mayTellUnasked } from './notifications';
import { displayName } from './people';
import { countAttempt } from './throttles';

/** Template use cases. A template is not a contract: using one makes a new private contract. */

type TemplateInput = { title: string; description: string; base_price?: number; currency: Currency };

export async function createTemplate(
  creatorId: string,
  input: TemplateInput & { inspectionDays: number; milestones?: MilestoneInput[] },
): Promise<string> {
  const terms = valueAndMilestones({ value: input.base_price, milestones: input.milestones });
  const template: Template = {
    id: ulid(),
    creator_id: creatorId,
    title: input.title,
    description: input.description,
    base_price_minor: terms.valueMinor,
    currency: input.currency,
    inspection_days: input.inspectionDays,
    created_at: new Date().toISOString(),
    milestones: terms.milestones,
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

/** The caller's templates, newest first. */
export function templatesCreatedBy(sub: string): Promise<TemplateView[]> {
  return listTemplatesByCreator(sub);
}

/** Edits the caller's template; an edit without `inspectionDays` keeps the window it has. */
export async function editTemplate(
  id: string,
  sub: string,
  input: TemplateInput & { inspectionDays?: number; milestones?: MilestoneInput[] | null },
): Promise<TemplateView> {
  const template = await templateForCreator(id, sub);
  const { base_price, inspectionDays, milestones, ...rest } = input;
  const terms = editedValueAndMilestones(template.milestones, { value: base_price, milestones });
  const changed = await updateTemplate(id, sub, {
    ...rest,
    base_price_minor: terms.valueMinor,
    inspection_days: inspectionDays,
    // Left out, its milestones stay as stored.
    ...(terms.milestones === 'kept' || milestones === undefined ? {} : { milestones: terms.milestones }),
  });
  if (!changed) throw new NotFoundError(templateMessages.notFound);
  return changed;
}

export async function removeTemplate(id: string, sub: string): Promise<void> {
  await templateForCreator(id, sub);
  if (!(await deleteTemplate(id, sub))) throw new NotFoundError(templateMessages.notFound);
}

/** What anyone holding a template's ID may see to use it. */
export async function templateForUse(id: string): Promise<PublicTemplate> {
  const template = await getTemplate(id);
  if (!template) throw new NotFoundError(templateMessages.notFoundForUse);
  const { id: tid, title, description, base_price_minor, currency, inspection_days, milestones } = template;
  return { id: tid, title, description, base_price_minor, currency, inspection_days, ...(milestones ? { milestones } : {}) };
}

/**
 * A private contract from a template: value = base price x quantity, the caller as its acceptor
 * (already accepted: it is `active`, they proceed to payment, its escrow execution starts), the
 * template's creator as its creator and told (within the limits on what anyone is told unasked).
 */
export async function instantiateTemplate(templateId: string, sub: string, quantity: number): Promise<string> {
  const template = await getTemplate(templateId);
  if (!template) throw new NotFoundError(templateMessages.notFoundForUse);
  if (template.creator_id === sub) throw new ValidationError(templateMessages.ownTemplate);
  if (!isEscrowCurrency(template.currency)) throw new ConflictError(currencyNotAvailable(template.currency));
  let valueMinor: number;
  let milestones: MilestoneTerms[] | null;
  try {
    valueMinor = instanceValue(template.base_price_minor, quantity);
    milestones = template.milestones?.length ? instanceMilestones(template.milestones, quantity) : null;
  } catch {
    throw new ValidationError(templateMessages.totalTooLarge(template.currency));
  }
  await countAttempt(throttles.templateInstances, sub);
  const told = await mayTellUnasked(sub, template.creator_id);
  const now = new Date().toISOString();
  const contract = newContract({
    event: 'instantiate',
    creatorId: template.creator_id,
    acceptorId: sub,
    title: template.title,
    description: instanceDescription(template.description, quantity),
    valueMinor,
    currency: template.currency,
    inspectionDays: template.inspection_days,
    now,
    acceptedBy: [sub],
    milestones,
  });
  await commitContractChange([
    contractPut(contract),
    partyLinkPut({ contract_id: contract.id, user_id: sub, role: 'acceptor', linked_at: now }),
    ...(told
      ? notificationItems(
          template.creator_id,
          'Template used',
          `${await displayName(sub)} created a contract from your template "${template.title}" (quantity ${quantity}, ${formatAmount(valueMinor, template.currency)}). Contract ID: ${contract.id}`,
          now,
          { contract, email: 'contract-accepted' },
        )
      : await heldBackNotice(template.creator_id, now)),
  ]);
  await openEscrow(contract.id);
  return contract.id;
}
