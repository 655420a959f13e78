/**
 * The double-entry ledger of the escrow (ARCHITECTURE §5): every movement of money is one
 * posting whose lines sum to zero, so no kobo is created or lost. A line's amount is positive
 * for a debit, negative for a credit, in minor units. Plain functions, no AWS.
 */

/** Where money sits: at the payment provider, in one contract's escrow, earned as fees, paid out to a creator. */
export type LedgerAccount = 'provider_holding' | 'escrow' | 'fees' | 'paid_out';

export interface LedgerLine {
  account: LedgerAccount;
  amount_minor: number;
}

export type PostingKind = 'payment_credited' | 'payout_completed';

export interface Posting {
  kind: PostingKind;
  /** What it records: the payment's transaction reference. */
  reference: string;
  lines: LedgerLine[];
}

/** True when a posting's lines are whole minor units that sum to exactly zero. */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  if (lines.length < 2 || !lines.every((l) => Number.isSafeInteger(l.amount_minor))) return false;
  return lines.reduce((sum, l) => sum + l.amount_minor, 0) === 0;
}

/**
 * A payment the provider confirmed: the money it holds for us grows by the amount, and so does
 * what this contract's escrow owes its parties.
 */
export function paymentCreditPosting(reference: string, amountMinor: number): Posting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a credit is a positive whole amount of minor units');
  const lines: LedgerLine[] = [
    { account: 'provider_holding', amount_minor: amountMinor },
    { account: 'escrow', amount_minor: -amountMinor },
  ];
  return { kind: 'payment_credited', reference, lines };
}

/** Each account's balance over many postings (debits positive); the accounts together always sum to zero. */
export function balances(postings: readonly Pick<Posting, 'lines'>[]): Record<LedgerAccount, number> {
  const totals: Record<LedgerAccount, number> = { provider_holding: 0, escrow: 0, fees: 0, paid_out: 0 };
  for (const posting of postings) for (const line of posting.lines) totals[line.account] += line.amount_minor;
  return totals;
}

/**
 * A payout the provider confirmed: the contract's escrow is released, the platform earns its fee
 * and the rest has left for the creator's bank.
 */
export function payoutPosting(
  reference: string,
  figures: { released_minor: number; fee_minor: number; payout_minor: number },
): Posting {
  const { released_minor, fee_minor, payout_minor } = figures;
  if (!Number.isSafeInteger(released_minor) || released_minor <= 0 || fee_minor + payout_minor !== released_minor)
    throw new RangeError('a payout releases a positive amount that is exactly fee + payout');
  const lines: LedgerLine[] = [
    { account: 'escrow', amount_minor: released_minor },
    { account: 'fees', amount_minor: -fee_minor },
    { account: 'paid_out', amount_minor: -payout_minor },
  ];
  return { kind: 'payout_completed', reference, lines };
}
