import { amountInOfferCurrency } from '@escrow/api/common';
import { editContractRequestSchema } from '@escrow/api/contracts';
import * as z from 'zod';
import { contractPageMessages } from './messages';

/**
 * Spec §5 "Edit contract": the server's request, the value as typed in its box. A blank value is
 * "Please ensure all fields are filled correctly." like the other fields; anything else typed is the
 * server's own amount check (which reads text or a number; the box only gives text), naming the
 * minor unit of the currency chosen.
 */
export const editContractFormSchema = z
  .object({
    ...editContractRequestSchema.shape,
    value: z
      .string()
      .trim()
      .min(1, contractPageMessages.fillAllFieldsCorrectly)
      .pipe(editContractRequestSchema.shape.value as z.core.$ZodType<number, string>),
  })
  .check(amountInOfferCurrency('value'));
