import type { MilestoneTerms } from './milestones';
import { type Currency, formatAmount, maxAmountMinor } from './money';

/**
 * A reusable template: anyone holding its ID may make a contract from it, worth its base price
 * times the quantity they ask for. Plain functions, no AWS.
 */

/**
 * The most items one contract made from a template may be for. The spec sets only the least (1);
 * a bound keeps a typo of extra zeros from being read as a quantity at all.
 */
export const maxQuantity = 1_000_000;

/** The spec's texts about templates (§8), and plain ones where it names none. */
export const templateMessages = {
  notFound: 'Template not found.',
  notFoundForUse: 'Template not found. Please check the ID.',
  notCreator: 'You are not authorized to view this template.',
  ownTemplate: 'You cannot create a contract from your own template.',
  /** Spec §5 "Use template": a whole number of at least 1 (refused, never reread as 1: the buyer pays for it). */
  quantityInvalid: `Quantity must be a whole number from 1 to ${maxQuantity.toLocaleString('en-US')}.`,
  /** Base price x quantity above what one contract may hold. */
  totalTooLarge: (currency: Currency) =>
    `The total would be more than ${formatAmount(maxAmountMinor, currency)}, the most one contract can hold. Choose a smaller quantity.`,
} as const;

/** Value of a template instance: base price x quantity, exact in minor units, never above one contract's cap. */
export function instanceValue(basePriceMinor: number, quantity: number): number {
  const value = basePriceMinor * quantity;
  if (!Number.isSafeInteger(value) || value > maxAmountMinor) throw new RangeError('amount too large');
  return value;
}

/** The description of an instance: the template's, with the quantity when more than one. */
export function instanceDescription(description: string, quantity: number): string {
  return quantity > 1 ? `${description}\n\nQuantity: ${quantity}` : description;
}

/** A template as the service keeps it. */
export interface Template {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  base_price_minor: number;
  currency: Currency;
  /** The inspection window, in days, every contract made from it is created with. */
  inspection_days: number;
  created_at: string;
  /** Every contract made from it is split into these milestones (issue 38); absent or null: one delivery. */
  milestones?: MilestoneTerms[] | null;
}

/** An instance's milestones: each amount times the quantity, so they still sum to its value. */
export function instanceMilestones(milestones: readonly MilestoneTerms[], quantity: number): MilestoneTerms[] {
  return milestones.map((m) => ({ ...m, amount_minor: instanceValue(m.amount_minor, quantity) }));
}
