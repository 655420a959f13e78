import { quantitySchema } from '@escrow/api/templates';
import { instanceValue } from '@escrow/domain/template';

/** Spec §5 "Use template": a whole number of at least 1; anything else (empty, 0, 2.5, abc) counts as 1. */
export function parseQuantity(input: string): number {
  const parsed = quantitySchema.safeParse(input.trim());
  return parsed.success ? parsed.data : 1;
}

/** Base price x quantity in minor units (no floats); null when the product is too large to be exact. */
export function templateTotalMinor(basePriceMinor: number, quantity: number): number | null {
  try {
    return instanceValue(basePriceMinor, quantity);
  } catch {
    return null;
  }
}
