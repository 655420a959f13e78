import { z } from 'zod';
import { type Currency, createCurrencies, defaultCurrency, editCurrencies, parseAmount } from '../money';

/**
 * The contracts, templates and notifications API: requests and replies shared by the Lambdas and
 * the web app. Money travels as integer minor units (`value_minor`, kobo/cents) with its currency;
 * request amounts are decimal strings or numbers with at most 2 decimals, parsed without floats.
 */

const text = (max: number, message: string) => z.string({ message }).trim().min(1, message).max(max, message);

/** A positive amount with at most two decimals, as typed -> minor units. */
export const amountSchema = (message: string) =>
  z.union([z.string(), z.number()], { message }).transform((value, ctx) => {
    const minor = parseAmount(value);
    if (minor === null || minor <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return minor;
  });

export const contractStatuses = [
  'pending',
  'in_escrow',
  'fully_funded',
  'payer_marked_satisfied',
  'releasing',
  'completed',
  'cancelled',
] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const idSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Contract not found.');

export const fillAllContractDetails = 'Please fill in all contract details, including the Acceptor ID.';

export const createContractRequestSchema = z.object({
  acceptorId: text(64, fillAllContractDetails),
  title: text(200, fillAllContractDetails),
  description: text(5000, fillAllContractDetails),
  value: amountSchema('Amount must be greater than zero.'),
  currency: z.enum(createCurrencies).default(defaultCurrency),
});
export type CreateContractRequest = z.input<typeof createContractRequestSchema>;

export const contractIdRequestSchema = z.object({ contractId: z.string().trim().min(1, 'Please enter a Contract ID.').max(64) });

export const editContractRequestSchema = z.object({
  title: text(200, 'Please ensure all fields are filled correctly.'),
  description: text(5000, 'Please ensure all fields are filled correctly.'),
  value: amountSchema('Amount must be greater than zero.'),
  currency: z.enum(editCurrencies, { message: 'Please ensure all fields are filled correctly.' }),
});
export type EditContractRequest = z.input<typeof editContractRequestSchema>;

/** A contract as its parties see it (spec §3 `contracts`). */
export interface ContractView {
  id: string;
  creator_id: string;
  acceptor_id: string;
  title: string;
  description: string;
  value_minor: number;
  currency: Currency;
  status: ContractStatus;
  amount_paid_minor: number;
  total_amount_minor: number;
  payer_user_ids: string[];
  marked_as_cc: string | null;
  accepted_by: string[];
  rejected_by: string[];
  created_at: string;
}

/** What anyone holding the id may see before accepting (spec §7 get-contract-for-acceptor). */
export interface ContractForAcceptor {
  id: string;
  title: string;
  description: string;
  value_minor: number;
  currency: Currency;
  status: ContractStatus;
  payer_user_ids: string[];
}

// Templates

export const templateFields = {
  title: text(200, 'Please fill in all fields.'),
  description: text(5000, 'Please fill in all fields.'),
  base_price: amountSchema('Please enter a valid, positive number for the base price.'),
};

export const createTemplateRequestSchema = z.object({
  ...templateFields,
  currency: z.enum(createCurrencies).default(defaultCurrency),
});
export type CreateTemplateRequest = z.input<typeof createTemplateRequestSchema>;

export const editTemplateRequestSchema = z.object({
  ...templateFields,
  currency: z.enum(editCurrencies, { message: 'Please fill in all fields.' }),
});
export type EditTemplateRequest = z.input<typeof editTemplateRequestSchema>;

export interface TemplateView {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  base_price_minor: number;
  currency: Currency;
  created_at: string;
}

export const templateIdRequestSchema = z.object({ templateId: z.string().trim().min(1, 'Please enter a Template ID.').max(64) });

/** Quantity: a whole number of at least 1; anything else counts as 1 (spec §5 Use template). */
export const quantitySchema = z.preprocess((value) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 1;
}, z.number().int().min(1).max(1_000_000));

export const createInstanceRequestSchema = z.object({
  templateId: z.string().trim().min(1, 'Please enter a Template ID.').max(64),
  quantity: quantitySchema,
});

// Notifications

export interface NotificationView {
  id: string;
  user_id: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
}

export interface NotificationsResponse {
  notifications: NotificationView[];
  unread_count: number;
}

/** How many notifications a list returns (spec §9). */
export const notificationsLoaded = 10;
