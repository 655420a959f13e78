import * as z from 'zod';
import { deliveryMessages, deliveryNoteMaxLength, inspectionDays } from '../domain/delivery';
import { contractStatuses } from '../domain/escrow-contract';
import {
  type Currency,
  createCurrencies,
  currencyCodes,
  currencyNotAvailable,
  defaultCurrency,
  editCurrencies,
  isEscrowCurrency,
} from '../domain/money';
import { amountSchema, idSchema, requiredText } from './common';
import { emailSchema } from './identity';

/**
 * The contracts API: requests and replies. Money travels as integer minor units (`value_minor`,
 * kobo/cents) with its currency; request amounts are decimal strings or numbers with at most two
 * decimals, parsed without floats.
 */

export const fillAllContractDetails = 'Please fill in all contract details, including the Acceptor ID.';
export const fillAllFieldsCorrectly = 'Please ensure all fields are filled correctly.';
export const enterContractId = 'Please enter a Contract ID.';
const amountAboveZero = 'Amount must be greater than zero.';

/** The inspection window a contract or template is created with: whole days, 1-14, 3 when left out. */
export const inspectionDaysSchema = z
  .number({ message: deliveryMessages.inspectionDaysRange })
  .int(deliveryMessages.inspectionDaysRange)
  .min(inspectionDays.min, deliveryMessages.inspectionDaysRange)
  .max(inspectionDays.max, deliveryMessages.inspectionDaysRange)
  .default(inspectionDays.default);

export const createContractRequestSchema = z.object({
  /** The buyer: their User ID, or their email (an invitation when nobody has an account with it). */
  acceptorId: requiredText(254, fillAllContractDetails).refine(
    (named) => !named.includes('@') || emailSchema.safeParse(named).success,
    {
      message: 'Please enter a valid email address.',
    },
  ),
  title: requiredText(200, fillAllContractDetails),
  description: requiredText(5000, fillAllContractDetails),
  value: amountSchema(amountAboveZero),
  currency: z
    .enum(createCurrencies)
    .default(defaultCurrency)
    .refine(isEscrowCurrency, { error: (i) => currencyNotAvailable(i.input as Currency) }),
  inspectionDays: inspectionDaysSchema,
});
export type CreateContractRequest = z.input<typeof createContractRequestSchema>;

export const contractIdRequestSchema = z.object({ contractId: idSchema(enterContractId) });

export const editContractRequestSchema = z.object({
  title: requiredText(200, fillAllFieldsCorrectly),
  description: requiredText(5000, fillAllFieldsCorrectly),
  value: amountSchema(amountAboveZero),
  currency: z
    .enum(editCurrencies, { message: fillAllFieldsCorrectly })
    .refine(isEscrowCurrency, { error: (i) => currencyNotAvailable(i.input as Currency) }),
});
export type EditContractRequest = z.input<typeof editContractRequestSchema>;

/** A contract as its parties see it (spec §3 `contracts`). */
export const contractViewSchema = z.object({
  id: z.string(),
  creator_id: z.string(),
  acceptor_id: z.string(),
  title: z.string(),
  description: z.string(),
  value_minor: z.number().int(),
  currency: z.enum(currencyCodes),
  status: z.enum(contractStatuses),
  amount_paid_minor: z.number().int(),
  total_amount_minor: z.number().int(),
  payer_user_ids: z.array(z.string()),
  marked_as_cc: z.string().nullable(),
  inspection_days: z.number().int(),
  delivered_at: z.string().nullable(),
  delivery_note: z.string().nullable(),
  inspection_ends_at: z.string().nullable(),
  delivery_due_at: z.string().nullable(),
  accepted_by: z.array(z.string()),
  rejected_by: z.array(z.string()),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  cancellation_requested_by: z.string().nullable(),
  /** The email the seller named the buyer by; absent or null when named by User ID. */
  invited_email: z.string().nullable().optional(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/**
 * What anyone holding the id may see before accepting (spec §7 get-contract-for-acceptor), with
 * who the seller is, so a buyer knows whom they pay before paying.
 */
export const contractForAcceptorSchema = contractViewSchema
  .pick({
    id: true,
    title: true,
    description: true,
    value_minor: true,
    currency: true,
    status: true,
    payer_user_ids: true,
  })
  .extend({ seller_name: z.string().optional(), is_seller: z.boolean().optional() });
export type ContractForAcceptor = z.infer<typeof contractForAcceptorSchema>;

/** One party of a contract, with the names the profile has. */
export const contractPersonSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  username: z.string().nullable(),
});
export type ContractPerson = z.infer<typeof contractPersonSchema>;

/** `GET /contracts/{id}`: the contract with its creator, named acceptor and payers. */
export const contractWithPeopleSchema = z.object({ contract: contractViewSchema, people: z.array(contractPersonSchema) });
export type ContractWithPeople = z.infer<typeof contractWithPeopleSchema>;

/** Accept, reject and edit answer with the contract as it now is. */
export const contractResponseSchema = z.object({ contract: contractViewSchema });

/** `cancel-contract`: what happened (cancelled, or the request sent to the creator) and the contract as it now is. */
export const cancellationResponseSchema = z.object({ message: z.string(), contract: contractViewSchema });

/** `GET /contracts` and `GET /engaged-contracts`. */
export const contractListResponseSchema = z.object({ contracts: z.array(contractViewSchema) });

/** `mark-delivered`: the creator says what was delivered; the payer's inspection window starts. */
export const markDeliveredRequestSchema = z.object({
  contractId: idSchema(enterContractId),
  note: z.string().trim().min(1, deliveryMessages.noteRequired).max(deliveryNoteMaxLength, deliveryMessages.noteTooLong),
});
export type MarkDeliveredRequest = z.input<typeof markDeliveredRequestSchema>;
