import { deliveryMessages, deliveryNoteMaxLength, inspectionDays } from '../domain/delivery';
import { contractStatuses } from '../domain/escrow-contract';
import { milestoneLimits, milestoneMessages } from '../domain/milestones';
import { currencyCodes } from '../domain/money';
import * as z from '../domain/zod';
import {
  amountInOfferCurrency,
  amountSchema,
  attachedEvidenceSchema,
  editedOfferCurrencySchema,
  idSchema,
  newOfferCurrencySchema,
  requiredText,
} from './common';
import { evidenceViewSchema } from './evidence-view';
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
export const inspectionDaysSchema = z._default(
  z
    .int(deliveryMessages.inspectionDaysRange)
    .check(
      z.minimum(inspectionDays.min, deliveryMessages.inspectionDaysRange),
      z.maximum(inspectionDays.max, deliveryMessages.inspectionDaysRange),
    ),
  inspectionDays.default,
);

/** A milestone's due date: a calendar day, `YYYY-MM-DD`, not before today (UTC). */
const milestoneDueDateSchema = z.string(milestoneMessages.dueDate).check(
  z.trim(),
  z.refine(
    (day) =>
      /^\d{4}-\d{2}-\d{2}$/.test(day) &&
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) &&
      day >= new Date().toISOString().slice(0, 10),
    { message: milestoneMessages.dueDate },
  ),
);

/** One milestone as the seller types it: a title, an amount (as `value` is typed) and an optional due date. */
export const milestoneRequestSchema = z.object({
  title: requiredText(milestoneLimits.titleMaxLength, milestoneMessages.title),
  amount: amountSchema(milestoneMessages.amount),
  dueDate: z.optional(z.nullable(milestoneDueDateSchema)),
});

/** A contract's (or template's) milestones: 2 to 10, in the order they are delivered (issue 38). */
export const milestonesRequestSchema = z
  .array(milestoneRequestSchema, { message: milestoneMessages.count })
  .check(z.minLength(milestoneLimits.min, milestoneMessages.count), z.maxLength(milestoneLimits.max, milestoneMessages.count));
export type MilestoneRequest = z.input<typeof milestoneRequestSchema>;

/**
 * The value of a contract (or a template's base price: `field`) with milestones is their sum: left
 * out, it is that sum; given, it must be that sum. Without milestones it is required, as it always
 * was, with `missing` the form's words for it.
 */
export const totalIsMilestonesSum = (field: 'value' | 'base_price', missing: string) =>
  z.check<{ value?: number; base_price?: number; milestones?: { amount: number }[] | null }>((payload) => {
    const { milestones } = payload.value;
    const total = payload.value[field];
    if (!milestones) {
      if (total === undefined) payload.issues.push({ code: 'custom', message: missing, input: total, path: [field] });
      return;
    }
    const sum = milestones.reduce((all, m) => all + m.amount, 0);
    if (total !== undefined && total !== sum)
      payload.issues.push({ code: 'custom', message: milestoneMessages.valueIsSum, input: total, path: [field] });
  });

export const createContractRequestSchema = z
  .object({
    /** The buyer: their User ID, or their email (an invitation when nobody has an account with it). */
    acceptorId: requiredText(254, fillAllContractDetails).check(
      z.refine((named) => !named.includes('@') || emailSchema.safeParse(named).success, {
        message: 'Please enter a valid email address.',
      }),
    ),
    title: requiredText(200, fillAllContractDetails),
    description: requiredText(5000, fillAllContractDetails),
    /** Required without milestones; with them, their sum (or left out). */
    value: z.optional(amountSchema(amountAboveZero)),
    currency: newOfferCurrencySchema(),
    inspectionDays: inspectionDaysSchema,
    milestones: z.optional(milestonesRequestSchema),
  })
  .check(amountInOfferCurrency('value'), totalIsMilestonesSum('value', amountAboveZero));
export type CreateContractRequest = z.input<typeof createContractRequestSchema>;

/**
 * `create-contract`'s reply: the new contract's id and, when its buyer was named by email, whether
 * we email them (an invitation, or the notice of someone with an account). False: we did not and
 * will not, so its creator must share the link by hand: the account's invitation emails for the
 * hour are used up (domain/throttle-rules.ts `invitationLimits`), or the address stopped emails
 * from this sender. Decided alike whether the address has an account, so it never tells which.
 * True still leaves the email to the limits on what a person is told unasked
 * (services/notifications.ts), which stay untold to the sender as they always were: they are
 * counted per person, and would tell a sender which account an email belongs to.
 */
export const createContractResponseSchema = z.object({
  id: z.string(),
  invitation_emailed: z.optional(z.boolean()),
});
export type CreateContractResponse = z.infer<typeof createContractResponseSchema>;

export const contractIdRequestSchema = z.object({ contractId: idSchema(enterContractId) });

export const editContractRequestSchema = z
  .object({
    title: requiredText(200, fillAllFieldsCorrectly),
    description: requiredText(5000, fillAllFieldsCorrectly),
    /** Required without milestones; with them, their sum (or left out). */
    value: z.optional(amountSchema(amountAboveZero)),
    currency: editedOfferCurrencySchema(fillAllFieldsCorrectly),
    /** New milestones (they replace the ones it has); `null` makes it one delivery; left out, it keeps its milestones. */
    milestones: z.optional(z.nullable(milestonesRequestSchema)),
  })
  .check(amountInOfferCurrency('value'), totalIsMilestonesSum('value', amountAboveZero));
export type EditContractRequest = z.input<typeof editContractRequestSchema>;

/** A contract as its parties see it (spec §3 `contracts`). */
export const contractViewSchema = z.object({
  id: z.string(),
  creator_id: z.string(),
  acceptor_id: z.string(),
  title: z.string(),
  description: z.string(),
  value_minor: z.int(),
  currency: z.enum(currencyCodes),
  status: z.enum(contractStatuses),
  amount_paid_minor: z.int(),
  total_amount_minor: z.int(),
  payer_user_ids: z.array(z.string()),
  marked_as_cc: z.nullable(z.string()),
  inspection_days: z.int(),
  delivered_at: z.nullable(z.string()),
  delivery_note: z.nullable(z.string()),
  inspection_ends_at: z.nullable(z.string()),
  delivery_due_at: z.nullable(z.string()),
  accepted_by: z.array(z.string()),
  rejected_by: z.array(z.string()),
  created_at: z.string(),
  accepted_at: z.nullable(z.string()),
  cancellation_requested_by: z.nullable(z.string()),
  /** Why everything paid went back to the buyer: cancelled, or not delivered in time; absent otherwise. */
  refunded_because: z.nullish(z.enum(['cancel', 'delivery_expired'])),
  /** The email the seller named the buyer by; absent or null when named by User ID. */
  invited_email: z.nullish(z.string()),
  /** A contract split into milestones: each, in order, with the id of its own milestone contract (issue 38). */
  milestones: z.nullish(
    z.array(
      z.object({
        number: z.int(),
        title: z.string(),
        amount_minor: z.int(),
        due_date: z.nullable(z.string()),
        contract_id: z.string(),
      }),
    ),
  ),
  /** A milestone contract: the contract it is part of, which milestone (1..count) it is, and that contract's title. */
  milestone_of: z.nullish(z.object({ contract_id: z.string(), number: z.int(), count: z.int(), title: z.string() })),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/**
 * What anyone holding the id may see before accepting (spec §7 get-contract-for-acceptor), with
 * who the seller is, so a buyer knows whom they pay before paying, and the inspection window, so
 * they know how long they will have to check the delivery before they agree to it.
 */
export const contractForAcceptorSchema = z.extend(
  z.pick(contractViewSchema, {
    id: true,
    title: true,
    description: true,
    value_minor: true,
    currency: true,
    status: true,
    payer_user_ids: true,
    inspection_days: true,
    milestones: true,
  }),
  { seller_name: z.optional(z.string()), is_seller: z.optional(z.boolean()) },
);
export type ContractForAcceptor = z.infer<typeof contractForAcceptorSchema>;

/**
 * The terms a buyer agrees to by accepting, as their page showed them: sent with the acceptance,
 * so terms the seller changed after the page loaded are never accepted unseen (409, and the page
 * loads them again). Milestones by title, amount and due date, in order.
 */
export const offeredTermsSchema = z.object({
  title: z.string().check(z.maxLength(200)),
  description: z.string().check(z.maxLength(5000)),
  value_minor: z.int(),
  currency: z.enum(currencyCodes),
  inspection_days: z.int(),
  milestones: z.nullable(
    z
      .array(z.object({ title: z.string().check(z.maxLength(200)), amount_minor: z.int(), due_date: z.nullable(z.string()) }))
      .check(z.maxLength(milestoneLimits.max)),
  ),
});
export type OfferedTerms = z.infer<typeof offeredTermsSchema>;

/** The terms of a contract (a view of it, or the stored one) as a buyer agrees to them. */
export function offeredTerms(
  contract: Omit<OfferedTerms, 'milestones'> & { milestones?: OfferedTerms['milestones'] | undefined },
): OfferedTerms {
  return {
    title: contract.title,
    description: contract.description,
    value_minor: contract.value_minor,
    currency: contract.currency,
    inspection_days: contract.inspection_days,
    milestones:
      contract.milestones?.map(({ title, amount_minor, due_date }) => ({ title, amount_minor, due_date: due_date ?? null })) ??
      null,
  };
}

/** `accept-contract`: the contract, and (from the web app always) the terms the buyer's page showed. */
export const acceptContractRequestSchema = z.extend(contractIdRequestSchema, { terms: z.optional(offeredTermsSchema) });

/** One milestone of a contract as its page shows it (issue 38). */
export const milestoneViewSchema = z.object({
  number: z.int(),
  title: z.string(),
  amount_minor: z.int(),
  fee_minor: z.int(),
  payout_minor: z.int(),
  due_date: z.nullable(z.string()),
  contract_id: z.string(),
  status: z.enum([...contractStatuses, 'not_started']),
  delivered_at: z.nullable(z.string()),
});
export type MilestoneView = z.infer<typeof milestoneViewSchema>;

/** One party of a contract, with the names the profile has. */
export const contractPersonSchema = z.object({
  id: z.string(),
  full_name: z.nullable(z.string()),
  username: z.nullable(z.string()),
});
export type ContractPerson = z.infer<typeof contractPersonSchema>;

/** `GET /contracts/{id}`: the contract with its creator, named acceptor and payers. */
export const contractWithPeopleSchema = z.object({
  contract: contractViewSchema,
  people: z.array(contractPersonSchema),
  /**
   * The files attached to its delivery and its dispute's statements (issue 38), oldest first: read
   * each by `POST /evidence-link`. The server always sends it; optional for pages built before it.
   */
  evidence: z.optional(z.array(evidenceViewSchema)),
  /**
   * A contract with milestones: where each stands (its milestone contract's status, or
   * `not_started`), with its fee and payout (amount - 2% of it) and when it was delivered.
   */
  milestones: z.optional(z.array(milestoneViewSchema)),
});
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
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, deliveryMessages.noteRequired),
      z.maxLength(deliveryNoteMaxLength, deliveryMessages.noteTooLong),
    ),
  /** Files the seller uploaded and confirmed for this delivery (issue 38). */
  evidence: attachedEvidenceSchema(),
});
export type MarkDeliveredRequest = z.input<typeof markDeliveredRequestSchema>;
