import {
  type CreateContractRequest,
  createContractRequestSchema,
  type EditContractRequest,
  editContractRequestSchema,
} from '@escrow/api/contracts';
import type { Currency } from '@escrow/domain/money';
import type { CreateCurrency } from '../../components/currency-select';
import { inspectionDaysFromText } from '../../components/offer-fields';
import type { Checked } from '../../lib/form';
import { contractPageMessages } from './messages';

export interface CreateContractInput {
  acceptorId: string;
  title: string;
  description: string;
  value: string;
  currency: CreateCurrency;
  /** As typed; sent as a whole number of days. */
  inspectionDays: string;
}

const blank = (...values: string[]) => values.some((value) => !value.trim());

/**
 * Spec §5 "Create contract": every field is required, then the shared schema (the server's own)
 * checks the value and the inspection window, so the form refuses exactly what the server would.
 */
export function checkCreateContract(input: CreateContractInput): Checked<CreateContractRequest> {
  if (blank(input.acceptorId, input.title, input.description, input.value)) {
    return { ok: false, message: contractPageMessages.fillAllDetails };
  }
  const request = {
    acceptorId: input.acceptorId.trim(),
    title: input.title.trim(),
    description: input.description.trim(),
    value: input.value.trim(),
    currency: input.currency,
    inspectionDays: inspectionDaysFromText(input.inspectionDays),
  };
  const parsed = createContractRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? contractPageMessages.fillAllDetails };
  return { ok: true, request };
}

export type EditContractInput = Omit<CreateContractInput, 'acceptorId' | 'currency' | 'inspectionDays'> & { currency: Currency };

/** Spec §5 "Edit contract": all fields required; amount above zero. */
export function checkEditContract(input: EditContractInput): Checked<EditContractRequest> {
  if (blank(input.title, input.description, input.value))
    return { ok: false, message: contractPageMessages.fillAllFieldsCorrectly };
  const request = {
    title: input.title.trim(),
    description: input.description.trim(),
    value: input.value.trim(),
    currency: input.currency,
  };
  const parsed = editContractRequestSchema.safeParse(request);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? contractPageMessages.fillAllFieldsCorrectly };
  return { ok: true, request };
}
