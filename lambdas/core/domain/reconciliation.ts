import type { LedgerAccount, LedgerLine, PostingKind } from './ledger';
import { type Currency, currencyCodes, formatAmount, toDecimalString } from './money';

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

/**
 * How a posting names the provider's movement it records (Posting.provider_id): the kind of
 * movement and its id, since the provider numbers transactions, transfers and refunds apart.
 */
export function providerId(kind: 'transaction' | 'transfer' | 'refund', id: number | string): string {
  return `${kind}:${id}`;
}

const isSuccessfulTransfer = (t: { status: string }) => t.status === 'SUCCESSFUL';
const isOpenTransfer = (t: { status: string }) => t.status === 'NEW' || t.status === 'PENDING';
const isDoneRefund = (r: { status: string }) => r.status === 'completed' || r.status === 'successful';
const isOpenRefund = (r: { status: string }) => r.status === 'pending' || r.status === 'new';

const moved = (posting: Pick<ReconciledPosting, 'lines'>, account: LedgerAccount) =>
  posting.lines.reduce((sum, line) => (line.account === account ? sum + line.amount_minor : sum), 0);

/** What a posting says entered (+) or left (-) the provider's balance, its fee included. */
export const holdingMoved = (posting: Pick<ReconciledPosting, 'lines'>) => moved(posting, 'provider_holding');

const inRange = (at: string, range: { from: string; until: string }) => at >= range.from && at < range.until;

/**
 * The differences of one day: every provider movement made that day that the ledger has not
 * posted (or posted for another amount), and every posting of that day whose provider movement
 * is missing or different. `provider` and `postings` cover a wider window than the day (a payment
 * made at 23:59 is posted after midnight), so a movement is matched wherever its counterpart falls;
 * `provider` also holds, fetched by id, each older movement a posting of the day names.
 * Transfers and refunds still under way are not differences: they are listed as in flight.
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
  const ledgerMinorOf = (key: string) => (postedFor.get(key) ?? []).reduce((sum, p) => sum + holdingMoved(p), 0);
  const compare = (key: string, reference: string, currency: string, providerMinor: number, what: string) => {
    const ledgerMinor = ledgerMinorOf(key);
    if (ledgerMinor !== providerMinor) differences.push({ reference, currency, providerMinor, ledgerMinor, what });
  };

  for (const payment of provider.payments) {
    if (payment.status !== 'successful' || !inRange(payment.createdAt, day)) continue;
    const reference = `transaction ${payment.id} (${payment.txRef})`;
    const net = payment.amountMinor - payment.feeMinor;
    compare(providerId('transaction', payment.id), reference, payment.currency, net, 'payment received by the provider');
  }
  for (const transfer of provider.transfers) {
    if (!inRange(transfer.createdAt, day)) continue;
    const reference = `transfer ${transfer.id} (${transfer.reference})`;
    const out = transfer.amountMinor + transfer.feeMinor;
    if (isOpenTransfer(transfer))
      inFlight.push({ reference, currency: transfer.currency, amountMinor: out, what: `transfer ${transfer.status}` });
    else if (isSuccessfulTransfer(transfer))
      compare(providerId('transfer', transfer.id), reference, transfer.currency, -out, 'transfer paid by the provider');
  }
  for (const refund of provider.refunds) {
    if (!inRange(refund.createdAt, day)) continue;
    const reference = `refund ${refund.id} (transaction ${refund.transactionId})`;
    if (isOpenRefund(refund))
      inFlight.push({ reference, currency: refund.currency, amountMinor: refund.amountMinor, what: 'refund pending' });
    else if (isDoneRefund(refund))
      compare(providerId('refund', refund.id), reference, refund.currency, -refund.amountMinor, 'refund made by the provider');
  }

  // Postings of the day: each must answer for a provider movement, for its amount. A movement made
  // before the day (a transfer that settled after midnight, a refund completed days later) was not
  // compared above: it is here, on the day it was posted.
  const movements = new Map<string, { reference: string; currency: string; signedMinor: number; createdAt: string }>();
  for (const p of provider.payments)
    if (p.status === 'successful')
      movements.set(providerId('transaction', p.id), {
        reference: `transaction ${p.id} (${p.txRef})`,
        currency: p.currency,
        signedMinor: p.amountMinor - p.feeMinor,
        createdAt: p.createdAt,
      });
  for (const t of provider.transfers)
    if (isSuccessfulTransfer(t))
      movements.set(providerId('transfer', t.id), {
        reference: `transfer ${t.id} (${t.reference})`,
        currency: t.currency,
        signedMinor: -(t.amountMinor + t.feeMinor),
        createdAt: t.createdAt,
      });
  for (const r of provider.refunds)
    if (isDoneRefund(r))
      movements.set(providerId('refund', r.id), {
        reference: `refund ${r.id} (transaction ${r.transactionId})`,
        currency: r.currency,
        signedMinor: -r.amountMinor,
        createdAt: r.createdAt,
      });
  const comparedLate = new Set<string>();
  for (const posting of postings) {
    if (!inRange(posting.created_at, day) || posting.kind === 'refund_requested') continue;
    const key = posting.provider_id;
    const movement = key === undefined ? undefined : movements.get(key);
    if (key !== undefined && movement) {
      if (!inRange(movement.createdAt, day) && !comparedLate.has(key)) {
        comparedLate.add(key);
        compare(
          key,
          movement.reference,
          movement.currency,
          movement.signedMinor,
          'provider movement of an earlier day, posted this day',
        );
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
  return { differences, inFlight };
}

/**
 * The balance check: what the ledger says the provider holds, against the provider's balance
 * with what is in flight added back (the provider took it out already; the ledger posts it once
 * it completes). Zero when every kobo is where the ledger says.
 */
export function balanceDifference(figures: { ledgerMinor: number; providerMinor: number; inFlightMinor: number }): number {
  return figures.ledgerMinor - (figures.providerMinor + figures.inFlightMinor);
}

/** A difference as finance reads it. */
export function describeDifference(difference: Difference): string {
  // Money in a currency the product does not know (refused) is printed by its code.
  const known = (currencyCodes as readonly string[]).includes(difference.currency);
  const money = (minor: number) =>
    known ? formatAmount(minor, difference.currency as Currency) : `${difference.currency} ${toDecimalString(minor)}`;
  return `${difference.reference}: ${difference.what}; provider ${money(difference.providerMinor)}, ledger ${money(difference.ledgerMinor)}`;
}
