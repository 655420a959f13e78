import { amountInOfferCurrency } from '@escrow/api/common';
import { createTemplateRequestSchema, editTemplateRequestSchema } from '@escrow/api/templates';
import * as z from 'zod';
import { templatePageMessages } from './messages';

/**
 * The Base Price as typed in its box: left blank it is "Please fill in all fields." like the other
 * fields, anything else is the server's own amount check (which reads text or a number; the box
 * only gives text). Its refusals name the minor unit of the currency chosen, as the server's do.
 */
const basePrice = z
  .string()
  .trim()
  .min(1, templatePageMessages.fillAllFields)
  .pipe(createTemplateRequestSchema.shape.base_price as z.core.$ZodType<number, string>);

/** Spec §5 "Create template": the server's request, the price as typed. */
export const createTemplateFormSchema = z
  .object({ ...createTemplateRequestSchema.shape, base_price: basePrice })
  .check(amountInOfferCurrency('base_price'));

/** Spec §5 "Edit template": the server's request, the price as typed. */
export const editTemplateFormSchema = z
  .object({ ...editTemplateRequestSchema.shape, base_price: basePrice })
  .check(amountInOfferCurrency('base_price'));
