import {
  type CreateTemplateRequest,
  createTemplateRequestSchema,
  type EditTemplateRequest,
  editTemplateRequestSchema,
} from '@escrow/api/templates';
import type { Currency } from '@escrow/domain/money';
import type { CreateCurrency } from '../../components/currency-select';
import { inspectionDaysFromText } from '../../components/offer-fields';
import type { Checked } from '../../lib/form';
import { templatePageMessages } from './messages';

export interface TemplateInput<C extends Currency = Currency> {
  title: string;
  description: string;
  basePrice: string;
  currency: C;
  /** As typed; sent as a whole number of days, which every contract made from the template gets. */
  inspectionDays: string;
}

const blank = (input: TemplateInput) => [input.title, input.description, input.basePrice].some((value) => !value.trim());

function toRequest<C extends Currency>(input: TemplateInput<C>) {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    base_price: input.basePrice.trim(),
    currency: input.currency,
    inspectionDays: inspectionDaysFromText(input.inspectionDays),
  };
}

/** Spec §5 "Create template": title, description and price required; price a positive number; the window 1-14 days. */
export function checkCreateTemplate(input: TemplateInput<CreateCurrency>): Checked<CreateTemplateRequest> {
  if (blank(input)) return { ok: false, message: templatePageMessages.fillAllFields };
  const request = toRequest(input);
  const parsed = createTemplateRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? templatePageMessages.fillAllFields };
  return { ok: true, request };
}

/** Spec §5 "Edit template": all fields required, price positive, the window 1-14 days. */
export function checkEditTemplate(input: TemplateInput): Checked<EditTemplateRequest> {
  if (blank(input)) return { ok: false, message: templatePageMessages.fillAllFields };
  const request = toRequest(input);
  const parsed = editTemplateRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? templatePageMessages.fillAllFields };
  return { ok: true, request };
}
