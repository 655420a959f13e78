/** Keeps the digits a person typed or pasted, up to `max` of them (codes, PINs, account numbers). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
