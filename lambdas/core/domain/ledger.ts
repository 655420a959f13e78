import type { Currency } from './money';

/**
 * The double-entry ledger of the escrow (ARCHITECTURE §5): every movement of money is one
 * posting whose lines sum to zero, so no kobo is created or lost. A line's amount is positive
 * for a debit, negative for a credit, in minor units. Plain functions, no AWS.
 */

/**
 * Where money sits. `provider_holding` is the money the provider holds for us (the merchant
 * balance finance reconciles against): it grows by each payment net of the provider's fee and shrinks
 * by each payout and refund that leaves it. `provider_fees` is what the provider kept for itself
 * (its fee on a payment, its fee on each transfer): the platform's cost, set against `fees`.
 * The rest say whose the money is (credits): held in the contract's `escrow`, in `suspense` (paid
 * but due to no contract: an overpayment, a late payment; always refunded), on its way back to
 * the payer (`refund_pending`), earned by the platform as `fees`, or put at the provider by the
 * platform itself (`float`: its top-ups, which pay the provider's fees that the platform's own
 * fees do not cover, so they never come out of what customers are owed). What was paid out or
 * refunded has left the ledger's accounts; the postings' kinds say how much (ledgerSummary).
 */
export const ledgerAccounts = [
  'provider_holding',
  'provider_fees',
  'escrow',
  'suspense',
  'refund_pending',
  'fees',
  'float',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export interface LedgerLine {
  account: LedgerAccount;
  amount_minor: number;
}

/**
 * What a posting records. The kinds are stored on every posting ever written, so they keep their
 * first names; read `payout_completed` as "payout paid" (the provider confirmed the payout's
 * transfer) and `refund_completed` as "refund confirmed" (the provider confirmed a refund leg's
 * money went back): 'completed' is otherwise only the contract's final status.
 */
export type PostingKind = 'payment_credited' | 'payout_completed' | 'refund_requested' | 'refund_completed' | 'float_funded';

export interface Posting {
  kind: PostingKind;
  /** What it records: the payment's transaction reference, the payout's or the refund leg's reference. */
  reference: string;
  /**
   * The provider's id of the money that moved, which reconciliation matches against the
   * provider's own lists: the transaction of a payment, the transfer of a payout or of a refund
   * sent by bank transfer, the refund of one given back through the payment. Absent on postings
   * that move nothing at the provider (a refund asked for).
   */
  provider_id?: string;
  lines: LedgerLine[];
  /**
   * Set only on money in another currency than its contract's (a payment made in the wrong
   * currency, which is only ever refunded): its postings balance among themselves and are read
   * apart from the contract's. Absent: the contract's own currency.
   */
  currency?: Currency;
}

/**
 * How a posting names the provider's movement it records (Posting.provider_id): the kind of
 * movement and its id, since the provider numbers transactions, transfers and refunds apart.
 */
export function providerId(kind: 'transaction' | 'transfer' | 'refund', id: number | string): string {
  return `${kind}:${id}`;
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

const isWholeMinor = (minor: number) => Number.isSafeInteger(minor) && minor >= 0;

/** The lines of a fee the provider kept out of what it holds (none for no fee). */
function providerFeeLines(feeMinor: number): LedgerLine[] {
  if (!isWholeMinor(feeMinor)) throw new RangeError('a provider fee is a whole, non-negative amount of minor units');
  return feeMinor === 0
    ? []
    : [
        { account: 'provider_fees', amount_minor: feeMinor },
        { account: 'provider_holding', amount_minor: -feeMinor },
      ];
}

/**
 * A payment the provider confirmed (its transaction `providerId`): the provider holds the amount
 * less its own fee (`providerFeeMinor`, the platform's cost, never the payer's or the seller's).
 * What the contract could take goes into its escrow; `excessMinor` (beyond what was due, or all
 * of it for a contract that takes nothing) goes to suspense, to be refunded, never paid out.
 */
export function paymentCreditPosting(
  reference: string,
  amountMinor: number,
  excessMinor = 0,
  provider: { id?: string; feeMinor?: number } = {},
): Posting {
  const feeMinor = provider.feeMinor ?? 0;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a credit is a positive whole amount of minor units');
  if (!isWholeMinor(excessMinor) || excessMinor > amountMinor)
    throw new RangeError('the excess of a credit is a whole amount between 0 and the credit');
  if (!isWholeMinor(feeMinor) || feeMinor > amountMinor)
    throw new RangeError('the provider fee of a credit is a whole amount between 0 and the credit');
  const lines: LedgerLine[] = [{ account: 'provider_holding', amount_minor: amountMinor }, ...providerFeeLines(feeMinor)];
  if (amountMinor > excessMinor) lines.push({ account: 'escrow', amount_minor: -(amountMinor - excessMinor) });
  if (excessMinor > 0) lines.push({ account: 'suspense', amount_minor: -excessMinor });
  return { kind: 'payment_credited', reference, ...(provider.id ? { provider_id: provider.id } : {}), lines };
}

/**
 * The customers' money in a set of balances (credits, read as positive amounts): held in escrow,
 * in suspense (owed back) and on its way back to payers. What the provider must hold for them.
 */
export interface CustomerMoney {
  escrow_minor: number;
  suspense_minor: number;
  refund_pending_minor: number;
}

export function customerMoney(b: Pick<Record<LedgerAccount, number>, 'escrow' | 'suspense' | 'refund_pending'>): CustomerMoney {
  // 0 - x, so an empty account is 0, not -0.
  return { escrow_minor: 0 - b.escrow, suspense_minor: 0 - b.suspense, refund_pending_minor: 0 - b.refund_pending };
}

/** Everything customers are owed: in escrow, in suspense and on its way back. */
export const owedMinor = (money: CustomerMoney) => money.escrow_minor + money.suspense_minor + money.refund_pending_minor;

/**
 * The customers' money of each contract after `postings` (in time order, one currency), starting
 * from `from` (the same at an earlier instant, e.g. a day's closing): contract id -> its money.
 * A contract left with none is dropped, so the map is what is held now and nothing else.
 */
export function customerMoneyByContract(
  postings: readonly (Pick<Posting, 'lines'> & { contract_id: string })[],
  from: Readonly<Record<string, CustomerMoney>> = {},
): Record<string, CustomerMoney> {
  const held: Record<string, CustomerMoney> = structuredClone({ ...from });
  for (const posting of postings) {
    const money = held[posting.contract_id] ?? { escrow_minor: 0, suspense_minor: 0, refund_pending_minor: 0 };
    held[posting.contract_id] = money;
    money.escrow_minor -= moved(posting, 'escrow');
    money.suspense_minor -= moved(posting, 'suspense');
    money.refund_pending_minor -= moved(posting, 'refund_pending');
  }
  for (const [id, money] of Object.entries(held))
    if (money.escrow_minor === 0 && money.suspense_minor === 0 && money.refund_pending_minor === 0) delete held[id];
  return held;
}

/** Each account's balance over many postings (debits positive); the accounts together always sum to zero. */
export function balances(postings: readonly Pick<Posting, 'lines'>[]): Record<LedgerAccount, number> {
  const totals = Object.fromEntries(ledgerAccounts.map((account) => [account, 0])) as Record<LedgerAccount, number>;
  for (const posting of postings) for (const line of posting.lines) totals[line.account] += line.amount_minor;
  return totals;
}

/** A contract's money as finance reads it, in minor units. */
export interface LedgerSummary {
  /** What payers paid in (before the provider's fee). */
  paid_in_minor: number;
  held_minor: number;
  suspense_minor: number;
  refund_pending_minor: number;
  refunded_minor: number;
  paid_out_minor: number;
  /** The platform's fee earned. */
  fees_minor: number;
  /** What the provider kept: its fees on payments and transfers. */
  provider_fees_minor: number;
  /**
   * What the provider still holds of it: paid in - paid out - refunded - provider fees. For one
   * contract it can be below zero (a small contract whose provider fees pass the platform's fee);
   * over the whole ledger it is the merchant balance.
   */
  at_provider_minor: number;
}

/** The amount of `account` a posting's lines move (debits positive). */
export const moved = (posting: Pick<Posting, 'lines'>, account: LedgerAccount) =>
  posting.lines.reduce((sum, line) => (line.account === account ? sum + line.amount_minor : sum), 0);

/** What a posting paid in, paid out to a seller and refunded to a payer (each 0 or positive). */
export function postingFlows(posting: Pick<Posting, 'kind' | 'lines'>): {
  paidInMinor: number;
  paidOutMinor: number;
  refundedMinor: number;
} {
  return {
    paidInMinor: posting.kind === 'payment_credited' ? -(moved(posting, 'escrow') + moved(posting, 'suspense')) : 0,
    // The seller gets what escrow released less the platform's fee.
    paidOutMinor: posting.kind === 'payout_completed' ? moved(posting, 'escrow') + moved(posting, 'fees') : 0,
    refundedMinor: posting.kind === 'refund_completed' ? moved(posting, 'refund_pending') : 0,
  };
}

/**
 * What the contract's ledger says: paid in = held + suspense + refund pending + refunded + paid
 * out + fees, always (every kobo paid in is owed to someone, or has left to whom it was owed). In
 * the contract's own currency, or with `currency`, of the money that came in another one.
 */
export function ledgerSummary(
  postings: readonly Pick<Posting, 'kind' | 'lines' | 'currency'>[],
  currency?: Currency,
): LedgerSummary {
  const own = postings.filter((p) => p.currency === currency);
  const b = balances(own);
  // Credit balances read as positive amounts (0 - x, so an empty account is 0, not -0).
  const owed = (account: LedgerAccount) => 0 - b[account];
  const flows = own.map(postingFlows);
  const total = (key: keyof ReturnType<typeof postingFlows>) => flows.reduce((sum, f) => sum + f[key], 0);
  return {
    paid_in_minor: total('paidInMinor'),
    held_minor: owed('escrow'),
    suspense_minor: owed('suspense'),
    refund_pending_minor: owed('refund_pending'),
    refunded_minor: total('refundedMinor'),
    paid_out_minor: total('paidOutMinor'),
    fees_minor: owed('fees'),
    provider_fees_minor: b.provider_fees,
    at_provider_minor: b.provider_holding,
  };
}

/**
 * A refund leg asked of the provider: `amountMinor` leaves the contract's escrow (or suspense,
 * for money no contract took) and waits as `refund_pending` until the provider confirms it.
 * Nothing has left the provider yet.
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

/**
 * A refund confirmed (kind `refund_completed`, as stored): the provider confirmed a refund leg (its
 * refund or transfer `provider.id`), so what was pending has left the provider for the payer, and
 * so has the provider's fee when it was sent by transfer.
 */
export function refundCompletedPosting(
  reference: string,
  amountMinor: number,
  provider: { id?: string; feeMinor?: number } = {},
): Posting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a refund is a positive whole amount of minor units');
  const lines: LedgerLine[] = [
    { account: 'refund_pending', amount_minor: amountMinor },
    { account: 'provider_holding', amount_minor: -amountMinor },
    ...providerFeeLines(provider.feeMinor ?? 0),
  ];
  return { kind: 'refund_completed', reference, ...(provider.id ? { provider_id: provider.id } : {}), lines };
}

/**
 * A payout paid (kind `payout_completed`, as stored): the provider confirmed its successful transfer
 * (`provider.id`), so the contract's escrow is released, the platform earns its fee, the rest has
 * left the provider for the seller's bank, and so has the provider's transfer fee. A failed attempt
 * costs nothing: the provider gives its amount and fee back.
 */
export function payoutPosting(
  reference: string,
  figures: { released_minor: number; fee_minor: number; payout_minor: number },
  provider: { id?: string; feeMinor?: number } = {},
): Posting {
  const { released_minor, fee_minor, payout_minor } = figures;
  if (!Number.isSafeInteger(released_minor) || released_minor <= 0 || fee_minor + payout_minor !== released_minor)
    throw new RangeError('a payout releases a positive amount that is exactly fee + payout');
  const lines: LedgerLine[] = [
    { account: 'escrow', amount_minor: released_minor },
    { account: 'fees', amount_minor: -fee_minor },
    { account: 'provider_holding', amount_minor: -payout_minor },
    ...providerFeeLines(provider.feeMinor ?? 0),
  ];
  return { kind: 'payout_completed', reference, ...(provider.id ? { provider_id: provider.id } : {}), lines };
}

/**
 * The platform put `amountMinor` of its own money at the provider (a top-up of the merchant
 * wallet): the provider holds it, as the platform's `float`. It is nobody's contract and no
 * customer's: it pays the provider's fees the platform's 2% does not cover (a refund's payment
 * fee, a transfer fee above the platform's fee), which would otherwise come out of customers' money.
 */
export function floatFundedPosting(reference: string, amountMinor: number): Posting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a top-up is a positive whole amount of minor units');
  return {
    kind: 'float_funded',
    reference,
    lines: [
      { account: 'provider_holding', amount_minor: amountMinor },
      { account: 'float', amount_minor: -amountMinor },
    ],
  };
}
