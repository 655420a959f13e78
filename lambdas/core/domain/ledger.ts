import type { Currency } from './money';

/**
 * The double-entry ledger of the escrow (ARCHITECTURE §5): every movement of money is one
 * posting whose lines sum to zero, so no kobo is created or lost. A line's amount is positive
 * for a debit, negative for a credit, in minor units. Plain functions, no AWS.
 */

/**
 * Where money sits. `provider_holding` is what the provider received for the contract (debits);
 * the rest say whose it is (credits): held in the contract's `escrow`, in `suspense` (paid but
 * due to no contract: an overpayment, a late payment; always refunded), on its way back to the
 * payer (`refund_pending`), given back (`refunds`), earned as `fees`, `paid_out` to the creator.
 */
export const ledgerAccounts = [
  'provider_holding',
  'escrow',
  'suspense',
  'refund_pending',
  'refunds',
  'fees',
  'paid_out',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export interface LedgerLine {
  account: LedgerAccount;
  amount_minor: number;
}

export type PostingKind = 'payment_credited' | 'payout_completed' | 'refund_requested' | 'refund_completed';

export interface Posting {
  kind: PostingKind;
  /** What it records: the payment's transaction reference, the payout's or the refund leg's reference. */
  reference: string;
  lines: LedgerLine[];
  /**
   * Set only on money in another currency than its contract's (a payment made in the wrong
   * currency, which is only ever refunded): its postings balance among themselves and are read
   * apart from the contract's. Absent: the contract's own currency.
   */
  currency?: Currency;
}

/** A posting of money in `currency`, another than its contract's (unchanged when it is the contract's own). */
export function inCurrency(posting: Posting, currency: Currency, contractCurrency: Currency): Posting {
  return currency === contractCurrency ? posting : { ...posting, currency };
}

/** The currencies other than the contract's that a ledger holds postings in. */
export function foreignCurrencies(postings: readonly Pick<Posting, 'currency'>[]): Currency[] {
  return [...new Set(postings.flatMap((p) => (p.currency ? [p.currency] : [])))];
}

/** True when a posting's lines are whole minor units that sum to exactly zero. */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  if (lines.length < 2 || !lines.every((l) => Number.isSafeInteger(l.amount_minor))) return false;
  return lines.reduce((sum, l) => sum + l.amount_minor, 0) === 0;
}

/**
 * A payment the provider confirmed: the money it holds for us grows by the amount. What the
 * contract could take goes into its escrow; `excessMinor` (beyond what was due, or all of it for
 * a contract that takes nothing) goes to suspense, to be refunded, never paid out.
 */
export function paymentCreditPosting(reference: string, amountMinor: number, excessMinor = 0): Posting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a credit is a positive whole amount of minor units');
  if (!Number.isSafeInteger(excessMinor) || excessMinor < 0 || excessMinor > amountMinor)
    throw new RangeError('the excess of a credit is a whole amount between 0 and the credit');
  const lines: LedgerLine[] = [{ account: 'provider_holding', amount_minor: amountMinor }];
  if (amountMinor > excessMinor) lines.push({ account: 'escrow', amount_minor: -(amountMinor - excessMinor) });
  if (excessMinor > 0) lines.push({ account: 'suspense', amount_minor: -excessMinor });
  return { kind: 'payment_credited', reference, lines };
}

/** Each account's balance over many postings (debits positive); the accounts together always sum to zero. */
export function balances(postings: readonly Pick<Posting, 'lines'>[]): Record<LedgerAccount, number> {
  const totals = Object.fromEntries(ledgerAccounts.map((account) => [account, 0])) as Record<LedgerAccount, number>;
  for (const posting of postings) for (const line of posting.lines) totals[line.account] += line.amount_minor;
  return totals;
}

/** A contract's money as finance reads it, each a non-negative amount of minor units when the ledger is sound. */
export interface LedgerSummary {
  paid_in_minor: number;
  held_minor: number;
  suspense_minor: number;
  refund_pending_minor: number;
  refunded_minor: number;
  paid_out_minor: number;
  fees_minor: number;
}

/**
 * What the contract's ledger says: paid in = held + suspense + refund pending + refunded + paid
 * out + fees, always (it is the ledger summing to zero, read by account). In the contract's own
 * currency, or with `currency`, of the money that came in another one.
 */
export function ledgerSummary(postings: readonly Pick<Posting, 'lines' | 'currency'>[], currency?: Currency): LedgerSummary {
  const b = balances(postings.filter((p) => p.currency === currency));
  // Credit balances read as positive amounts (0 - x, so an empty account is 0, not -0).
  const owed = (account: LedgerAccount) => 0 - b[account];
  return {
    paid_in_minor: b.provider_holding,
    held_minor: owed('escrow'),
    suspense_minor: owed('suspense'),
    refund_pending_minor: owed('refund_pending'),
    refunded_minor: owed('refunds'),
    paid_out_minor: owed('paid_out'),
    fees_minor: owed('fees'),
  };
}

/**
 * A refund leg asked of the provider: `amountMinor` leaves the contract's escrow (or suspense,
 * for money no contract took) and waits as `refund_pending` until the provider confirms it.
 */
export function refundRequestedPosting(reference: string, amountMinor: number, from: 'escrow' | 'suspense'): Posting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a refund is a positive whole amount of minor units');
  const lines: LedgerLine[] = [
    { account: from, amount_minor: amountMinor },
    { account: 'refund_pending', amount_minor: -amountMinor },
  ];
  return { kind: 'refund_requested', reference, lines };
}

/** The provider confirmed a refund leg: what was pending is given back. */
export function refundCompletedPosting(reference: string, amountMinor: number): Posting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a refund is a positive whole amount of minor units');
  const lines: LedgerLine[] = [
    { account: 'refund_pending', amount_minor: amountMinor },
    { account: 'refunds', amount_minor: -amountMinor },
  ];
  return { kind: 'refund_completed', reference, lines };
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
