import { type LedgerLine, moved, type PostingKind, providerId } from './ledger';
import { type Currency, formatAmount, isCurrency, toTwoDecimalString } from './money';

/**
 * Reconciliation: the ledger against the provider's own account of the money (its transactions,
 * transfers, refunds and balance). Plain functions over what each side says, no AWS, no HTTP:
 * services/reconciliation.ts reads both sides and hands them here.
 *
 * Days are Lagos days (WAT, UTC+1, no daylight saving): the provider's lists and finance's
 * calendar are Nigerian.
 */

const watOffsetMs = 3_600_000;
const dayMs = 86_400_000;

/** The Lagos date (YYYY-MM-DD) of an ISO instant. */
export function lagosDay(iso: string): string {
  return new Date(Date.parse(iso) + watOffsetMs).toISOString().slice(0, 10);
}

/** The ISO instants a Lagos date begins and ends (the next one begins). */
export function dayBounds(date: string): { from: string; until: string } {
  const start = Date.parse(`${date}T00:00:00+01:00`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isFinite(start)) throw new RangeError(`Not a date: ${date}`);
  return { from: new Date(start).toISOString(), until: new Date(start + dayMs).toISOString() };
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

export const previousDay = (date: string) => addDays(date, -1);

/** A payment as the provider lists it. */
export interface ProviderPayment {
  id: number;
  txRef: string;
  status: string;
  amountMinor: number;
  /** What the provider kept of it (what the ledger posts as its fee). */
  feeMinor: number;
  currency: string;
  createdAt: string;
}

/** A transfer (a payout, or a refund sent by bank transfer) as the provider lists it. */
export interface ProviderMovementOut {
  id: number;
  reference: string;
  status: string;
  amountMinor: number;
  feeMinor: number;
  currency: string;
  createdAt: string;
}

/** A refund given back through its payment, as the provider lists it. */
export interface ProviderRefundOut {
  id: number;
  transactionId: number;
  status: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

/** A posting as reconciliation reads it. */
export interface ReconciledPosting {
  contract_id: string;
  kind: PostingKind;
  reference: string;
  provider_id?: string;
  lines: LedgerLine[];
  currency: Currency;
  created_at: string;
}

export interface ProviderSide {
  payments: ProviderPayment[];
  transfers: ProviderMovementOut[];
  refunds: ProviderRefundOut[];
}

/** One thing the two sides do not agree on, with the reference that finds it on each side. */
export interface Difference {
  /** The provider's id and the product's reference (payment tx_ref, payout or refund leg reference). */
  reference: string;
  currency: string;
  /** What the provider says moved (+ in, - out), and what the ledger says, in minor units. */
  providerMinor: number;
  ledgerMinor: number;
  what: string;
}

/** Money the provider has already taken out of the balance and the ledger has not posted yet (a transfer or refund under way). */
export interface InFlight {
  reference: string;
  currency: string;
  /** What it takes out of the balance (amount + fee), in minor units. */
  amountMinor: number;
  what: string;
}

const isSuccessfulTransfer = (t: { status: string }) => t.status === 'SUCCESSFUL';
const isOpenTransfer = (t: { status: string }) => t.status === 'NEW' || t.status === 'PENDING';
const isDoneRefund = (r: { status: string }) => r.status === 'completed' || r.status === 'successful';
const isOpenRefund = (r: { status: string }) => r.status === 'pending' || r.status === 'new';

/** What a posting says entered (+) or left (-) the provider's balance, its fee included. */
export const holdingMoved = (posting: Pick<ReconciledPosting, 'lines'>) => moved(posting, 'provider_holding');

const inRange = (at: string, range: { from: string; until: string }) => at >= range.from && at < range.until;

/** A provider movement as reconciliation compares it: what it moved in (+) or out (-), fee included. */
interface Movement {
  reference: string;
  currency: string;
  signedMinor: number;
  createdAt: string;
  /** What it is, as a difference on it is described. */
  what: string;
}

/**
 * The differences of one day: every provider movement made that day that the ledger has not
 * posted (or posted for another amount), and every posting of that day whose provider movement
 * is missing or different. `provider` and `postings` cover a wider window than the day (a payment
 * made at 23:59 is posted after midnight), so a movement is matched wherever its counterpart falls;
 * `provider` also holds, fetched by id, each older movement a posting of the day names.
 * Transfers and refunds still under way are not differences: they are listed as in flight; one of
 * an earlier day in the lists that completed and was never posted is a difference of this day.
 */
export function reconcileDay(
  day: { from: string; until: string },
  provider: ProviderSide,
  postings: readonly ReconciledPosting[],
): { differences: Difference[]; inFlight: InFlight[] } {
  const differences: Difference[] = [];
  const inFlight: InFlight[] = [];
  const postedFor = new Map<string, ReconciledPosting[]>();
  for (const posting of postings) {
    if (posting.provider_id === undefined) continue;
    postedFor.set(posting.provider_id, [...(postedFor.get(posting.provider_id) ?? []), posting]);
  }
  const compare = (key: string, movement: Movement, what: string) => {
    const ledgerMinor = (postedFor.get(key) ?? []).reduce((sum, p) => sum + holdingMoved(p), 0);
    if (ledgerMinor !== movement.signedMinor)
      differences.push({
        reference: movement.reference,
        currency: movement.currency,
        providerMinor: movement.signedMinor,
        ledgerMinor,
        what,
      });
  };

  // Every movement that moved money, by the id a posting names it with; those still under way are in flight.
  const movements = new Map<string, Movement>();
  // Transfers and refunds can still be under way when their own day closes: those not posted at all are looked at again.
  const mayCompleteLate = new Set<string>();
  for (const p of provider.payments)
    if (p.status === 'successful')
      movements.set(providerId('transaction', p.id), {
        reference: `transaction ${p.id} (${p.txRef})`,
        currency: p.currency,
        signedMinor: p.amountMinor - p.feeMinor,
        createdAt: p.createdAt,
        what: 'payment received by the provider',
      });
  for (const t of provider.transfers) {
    const movement = {
      reference: `transfer ${t.id} (${t.reference})`,
      currency: t.currency,
      signedMinor: -(t.amountMinor + t.feeMinor),
      createdAt: t.createdAt,
      what: 'transfer paid by the provider',
    };
    if (isSuccessfulTransfer(t)) {
      movements.set(providerId('transfer', t.id), movement);
      mayCompleteLate.add(providerId('transfer', t.id));
    } else if (isOpenTransfer(t) && inRange(t.createdAt, day))
      inFlight.push({
        reference: movement.reference,
        currency: t.currency,
        amountMinor: -movement.signedMinor,
        what: `transfer ${t.status}`,
      });
  }
  for (const r of provider.refunds) {
    const movement = {
      reference: `refund ${r.id} (transaction ${r.transactionId})`,
      currency: r.currency,
      signedMinor: -r.amountMinor,
      createdAt: r.createdAt,
      what: 'refund made by the provider',
    };
    if (isDoneRefund(r)) {
      movements.set(providerId('refund', r.id), movement);
      mayCompleteLate.add(providerId('refund', r.id));
    } else if (isOpenRefund(r) && inRange(r.createdAt, day))
      inFlight.push({ reference: movement.reference, currency: r.currency, amountMinor: r.amountMinor, what: 'refund pending' });
  }

  // The day's movements, each against what the ledger posted for it.
  for (const [key, movement] of movements) if (inRange(movement.createdAt, day)) compare(key, movement, movement.what);

  // Postings of the day: each must answer for a provider movement, for its amount. A movement made
  // before the day (a transfer that settled after midnight, a refund completed days later) was not
  // compared above: it is here, on the day it was posted.
  const comparedLate = new Set<string>();
  for (const posting of postings) {
    // A refund asked for moves nothing at the provider yet; a top-up of the float is in none of
    // v3's lists (payments, transfers, refunds): the balance check answers for it.
    if (!inRange(posting.created_at, day) || posting.kind === 'refund_requested' || posting.kind === 'float_funded') continue;
    const key = posting.provider_id;
    const movement = key === undefined ? undefined : movements.get(key);
    if (key !== undefined && movement) {
      if (!inRange(movement.createdAt, day) && !comparedLate.has(key)) {
        comparedLate.add(key);
        compare(key, movement, 'provider movement of an earlier day, posted this day');
      }
      continue;
    }
    differences.push({
      reference: `${posting.kind} ${posting.reference} (contract ${posting.contract_id})`,
      currency: posting.currency,
      providerMinor: 0,
      ledgerMinor: holdingMoved(posting),
      what: key ? 'posted, but the provider lists no such movement' : 'posted without the provider’s id',
    });
  }

  // A transfer or refund of an earlier day that the ledger never posted: it may have been under
  // way when its own day closed (in flight then, not a difference) and completed since, so no
  // other comparison would name it. One that was complete and unposted already at its own day's
  // closing is named again here, which is right: it is still not posted.
  for (const key of mayCompleteLate) {
    const movement = movements.get(key);
    if (!movement || inRange(movement.createdAt, day) || movement.createdAt >= day.until || postedFor.has(key)) continue;
    compare(key, movement, 'provider movement of an earlier day that the ledger never posted');
  }
  return { differences, inFlight };
}

/**
 * How long a payment the provider confirmed may go unposted before the balance check counts it
 * against the ledger: its webhook is handled in seconds, or the sweep verifies it within 5
 * minutes when the webhook was lost. Until then it is on its way into the ledger, not a difference.
 */
export const arrivingWindowMs = 15 * 60 * 1000;

/**
 * The payments the provider confirmed since `since` that no posting names yet, per currency in
 * minor units (amount less the provider's fee: what reached the balance). `postings` must cover
 * `since` onwards: a payment is posted after it is made.
 */
export function arrivingPayments(
  payments: ProviderSide['payments'],
  postings: readonly Pick<ReconciledPosting, 'provider_id'>[],
  since: string,
): Map<string, number> {
  const posted = new Set(postings.map((p) => p.provider_id));
  const arriving = new Map<string, number>();
  for (const p of payments)
    if (p.status === 'successful' && p.createdAt >= since && !posted.has(providerId('transaction', p.id)))
      arriving.set(p.currency, (arriving.get(p.currency) ?? 0) + p.amountMinor - p.feeMinor);
  return arriving;
}

/**
 * The balance check: what the ledger says the provider holds, against the provider's balance
 * with what is in flight added back (the provider took it out already; the ledger posts it once
 * it completes) and what is arriving taken off (the provider has it; the ledger posts it in a
 * moment). Zero when every kobo is where the ledger says.
 */
export function balanceDifference(figures: {
  ledgerMinor: number;
  providerMinor: number;
  inFlightMinor: number;
  arrivingMinor?: number;
}): number {
  return figures.ledgerMinor - (figures.providerMinor + figures.inFlightMinor - (figures.arrivingMinor ?? 0));
}

/** A difference as finance reads it. */
export function describeDifference(difference: Difference): string {
  // Money in a currency the product does not know (refused) is printed by its code, in the two
  // decimals the provider's amounts are read with (minorFromProvider).
  const { currency } = difference;
  const money = (minor: number) =>
    isCurrency(currency) ? formatAmount(minor, currency) : `${currency} ${toTwoDecimalString(minor)}`;
  return `${difference.reference}: ${difference.what}; provider ${money(difference.providerMinor)}, ledger ${money(difference.ledgerMinor)}`;
}
