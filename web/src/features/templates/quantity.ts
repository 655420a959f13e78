import { quantitySchema } from '@escrow/api/templates';
import type { Currency } from '@escrow/domain/money';
import { instanceValue, templateMessages } from '@escrow/domain/template';

/**
 * What a typed quantity makes of a template: its total (base price x quantity, in minor units),
 * or the one reason there is none: not a whole number from 1 to the maximum (the server's own
 * check, spec §5 "Use template"), or a total above what one contract may hold. Nothing is ever
 * reread as 1: the buyer would be asked to pay for a quantity they did not choose.
 */
export type TemplateOrder = { ok: true; quantity: number; totalMinor: number } | { ok: false; message: string };

export function readTemplateOrder(input: string, basePriceMinor: number, currency: Currency): TemplateOrder {
  const parsed = quantitySchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: templateMessages.quantityInvalid };
  try {
    return { ok: true, quantity: parsed.data, totalMinor: instanceValue(basePriceMinor, parsed.data) };
  } catch {
    return { ok: false, message: templateMessages.totalTooLarge(currency) };
  }
}
