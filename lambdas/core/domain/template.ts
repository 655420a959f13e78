import { type Currency, maxAmountMinor } from './money';

/**
 * A reusable template: anyone holding its ID may make a contract from it, worth its base price
 * times the quantity they ask for. Plain functions, no AWS.
 */

/** The spec's texts about templates (§8). */
export const templateMessages = {
  notFound: 'Template not found.',
  notFoundForUse: 'Template not found. Please check the ID.',
  notCreator: 'You are not authorized to view this template.',
  ownTemplate: 'You cannot create a contract from your own template.',
  quantityTooLarge: 'Quantity is too large.',
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
}
