import type { Bank } from '@escrow/api/account';

/** The provider's list once per bank code (it repeats some), by name (spec §3 "Bank"). */
export function uniqueBanks(banks: readonly Bank[]): Bank[] {
  const byCode = new Map<string, Bank>();
  for (const bank of banks) if (!byCode.has(bank.code)) byCode.set(bank.code, bank);
  return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The banks whose name contains `query`, ignoring case (spec §5 "Bank info"). The selected bank
 * stays listed, so the dropdown never shows a choice it does not hold.
 */
export function filterBanks(banks: readonly Bank[], query: string, selectedCode = ''): Bank[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...banks];
  return banks.filter((bank) => bank.code === selectedCode || bank.name.toLowerCase().includes(needle));
}
