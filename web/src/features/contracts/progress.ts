import type { ContractView } from '@escrow/api/contracts';

/**
 * What the payer owes into escrow: `total_amount`, or the value itself while the server has not
 * recorded a total (a contract nobody has started paying).
 */
export function contractTotalMinor(contract: Pick<ContractView, 'total_amount_minor' | 'value_minor'>): number {
  return contract.total_amount_minor > 0 ? contract.total_amount_minor : contract.value_minor;
}

/**
 * How much of a contract is paid, as a whole percentage for the progress bar: capped at 100
 * (spec §9) so an overpayment never overflows the bar, and 0 when there is nothing to pay.
 */
export function paymentProgressPercent(paidMinor: number, totalMinor: number): number {
  if (totalMinor <= 0 || paidMinor <= 0) return 0;
  return Math.min(100, Math.floor((paidMinor * 100) / totalMinor));
}
