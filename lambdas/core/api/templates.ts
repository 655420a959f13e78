import { currencyCodes } from '../domain/money';
import { maxQuantity, templateMessages } from '../domain/template';
import * as z from '../domain/zod';
import {
  amountInOfferCurrency,
  amountSchema,
  editedOfferCurrencySchema,
  idSchema,
  newOfferCurrencySchema,
  requiredText,
} from './common';
import { inspectionDaysSchema, milestonesRequestSchema, totalIsMilestonesSum } from './contracts';

/** The templates API: requests and replies. Base prices travel as integer minor units with their currency. */

export const fillAllFields = 'Please fill in all fields.';
export const enterTemplateId = 'Please enter a Template ID.';

/** Spec §8: one text for a base price that is no number and one that is not positive. */
const enterValidBasePrice = 'Please enter a valid, positive number for the base price.';

const templateFields = {
  title: requiredText(200, fillAllFields),
  description: requiredText(5000, fillAllFields),
  /** Required without milestones; with them, their sum (or left out). */
  base_price: z.optional(amountSchema(enterValidBasePrice, { notANumber: enterValidBasePrice })),
};

export const createTemplateRequestSchema = z
  .object({
    ...templateFields,
    currency: newOfferCurrencySchema(),
    inspectionDays: inspectionDaysSchema,
    /** Every contract made from it is split into these milestones (issue 38). */
    milestones: z.optional(milestonesRequestSchema),
  })
  .check(amountInOfferCurrency('base_price'), totalIsMilestonesSum('base_price', enterValidBasePrice));
export type CreateTemplateRequest = z.input<typeof createTemplateRequestSchema>;

export const editTemplateRequestSchema = z
  .object({
    ...templateFields,
    currency: editedOfferCurrencySchema(fillAllFields),
    /** Left out (a client from before templates carried it), the template keeps its window: no default here. */
    inspectionDays: z.optional(inspectionDaysSchema.def.innerType),
    /** New milestones (they replace the ones it has); `null`: none; left out, it keeps its milestones. */
    milestones: z.optional(z.nullable(milestonesRequestSchema)),
  })
  .check(amountInOfferCurrency('base_price'), totalIsMilestonesSum('base_price', enterValidBasePrice));
export type EditTemplateRequest = z.input<typeof editTemplateRequestSchema>;

export const templateViewSchema = z.object({
  id: z.string(),
  creator_id: z.string(),
  title: z.string(),
  description: z.string(),
  base_price_minor: z.int(),
  currency: z.enum(currencyCodes),
  inspection_days: z.int(),
  created_at: z.string(),
  /** The milestones every contract made from it has (their amounts times the quantity); absent or null: one delivery. */
  milestones: z.nullish(z.array(z.object({ title: z.string(), amount_minor: z.int(), due_date: z.nullable(z.string()) }))),
});
export type TemplateView = z.infer<typeof templateViewSchema>;

/** What anyone holding a template's id may see to use it. */
export const publicTemplateSchema = z.omit(templateViewSchema, { creator_id: true, created_at: true });
export type PublicTemplate = z.infer<typeof publicTemplateSchema>;

export const templateResponseSchema = z.object({ template: templateViewSchema });
export const templateListResponseSchema = z.object({ templates: z.array(templateViewSchema) });

export const templateIdRequestSchema = z.object({ templateId: idSchema(enterTemplateId) });
export const fetchTemplateResponseSchema = z.object({ success: z.literal(true), template: publicTemplateSchema });

/**
 * Quantity (spec §5 Use template): a whole number from 1 to `maxQuantity`, as a number or as digits.
 * Anything else is refused, never reread as 1: the buyer would be asked to pay for a quantity they
 * did not choose.
 */
export const quantitySchema = z.pipe(
  z.union([z.number(), z.string()], { message: templateMessages.quantityInvalid }),
  z.transform((value: number | string, ctx) => {
    const quantity = typeof value === 'string' && /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : value;
    if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= maxQuantity) return quantity;
    ctx.issues.push({ code: 'custom', message: templateMessages.quantityInvalid, input: value });
    return z.NEVER;
  }),
);

export const createInstanceRequestSchema = z.object({
  templateId: idSchema(enterTemplateId),
  quantity: quantitySchema,
});
export type CreateInstanceRequest = z.input<typeof createInstanceRequestSchema>;

/** Spec §7 names three places the new contract's id may come back in; this service uses `newContractId`. */
export const createInstanceResponseSchema = z.object({
  newContractId: z.optional(z.string()),
  contractId: z.optional(z.string()),
  contract: z.optional(z.object({ id: z.optional(z.string()) })),
});
