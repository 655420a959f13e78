import { getBalance } from '../adapters/flutterwave/balances';
import { getRefund, listRefunds } from '../adapters/flutterwave/refunds';
import { listTransactions, verifyTransaction } from '../adapters/flutterwave/transactions';
import { getTransfer, listTransfersSince } from '../adapters/flutterwave/transfers';
import { logger } from '../adapters/logger';
import { countMoneyEvent, countMoneyHeld } from '../adapters/metrics';
import { customerMoney, owedMinor, providerId } from '../domain/ledger';
import { type Currency, currencyCodes, escrowCurrencies, isEscrowCurrency } from '../domain/money';
import { providerFeeOf } from '../domain/payment';
import {
  addDays,
  arrivingPayments,
  arrivingWindowMs,
  balanceDifference,
  type Difference,
  dayBounds,
  type InFlight,
  lagosDay,
  type ProviderSide,
  type ReconciledPosting,
  reconcileDay,
} from '../domain/reconciliation';
import { getClosing, heldByContract, ledgerTotals, postingsBetween, putClosing, putHeldPages } from '../entities/ledger';
import { asDebited } from './payouts/record';

/** How far back a transfer or refund still under way is looked for when the balances are compared. */
const inFlightLookbackDays = 7;

/** The balance check of one currency, now: the ledger's provider holding against the provider's balance. */
export interface BalanceCheck {
  currency: Currency;
  ledgerMinor: number;
  providerMinor: number;
  /** What the provider has taken out already and the ledger posts once it completes. */
  inFlightMinor: number;
  /** Successful payments the provider made (created) in the last 15 minutes that the ledger has not posted yet. */
  arrivingMinor: number;
  /** ledger - (provider + in flight - arriving): 0 when every kobo is where the ledger says. */
  differenceMinor: number;
}

export interface Reconciliation {
  date: string;
  /** Movements of the day that the two sides do not agree on, each with its reference. */
  differences: Difference[];
  /** Transfers and refunds of the day still under way (not differences). */
  inFlight: InFlight[];
  /** Per currency, as of when it ran (the provider answers its balance now, not for a past day). */
  balances: BalanceCheck[];
  /** The ledger's postings read for the day (from the day before up to now, where counterparts fall). */
  postingsRead: number;
}

type ProviderPayment = ProviderSide['payments'][number];
type ProviderTransferRow = ProviderSide['transfers'][number];
type ProviderRefundRow = ProviderSide['refunds'][number];

const paymentRow = (tx: Awaited<ReturnType<typeof listTransactions>>[number]): ProviderPayment => ({
  id: tx.id,
  txRef: tx.txRef,
  status: tx.status,
  amountMinor: tx.amountMinor,
  feeMinor: providerFeeOf(tx),
  currency: tx.currency,
  createdAt: tx.createdAt,
});

const transferRow = (t: Awaited<ReturnType<typeof listTransfersSince>>[number]): ProviderTransferRow => ({
  id: t.id,
  reference: t.reference,
  status: t.status,
  amountMinor: t.amountMinor,
  feeMinor: t.feeMinor,
  currency: t.currency,
  createdAt: t.createdAt,
});

/** The money the provider sent out: its transfers made since `transfersSince`, its refunds of the days [first, last] (Lagos). */
async function providerMovesOut(first: string, last: string, transfersSince: string): Promise<Omit<ProviderSide, 'payments'>> {
  const [transfers, refunds] = await Promise.all([listTransfersSince(transfersSince), listRefunds({ from: first, to: last })]);
  return {
    transfers: (await Promise.all(transfers.map(asDebited))).map(transferRow),
    refunds: refunds.map(
      (r): ProviderRefundRow => ({
        id: r.id,
        transactionId: r.transactionId,
        status: r.status,
        amountMinor: r.amountMinor,
        currency: r.currency,
        createdAt: r.createdAt,
      }),
    ),
  };
}

/**
 * Adds to `provider`, fetched by id, each movement a posting names that its lists do not hold (a
 * refund completed days after it was asked for, a payout resumed by ops, a payment credited late),
 * so it is compared for its amount instead of reported missing. One that the provider does not
 * know stays missing: that is a difference.
 */
async function withNamedMovements(provider: ProviderSide, postings: readonly ReconciledPosting[]): Promise<void> {
  const listed = new Set([
    ...provider.payments.map((p) => providerId('transaction', p.id)),
    ...provider.transfers.map((t) => providerId('transfer', t.id)),
    ...provider.refunds.map((r) => providerId('refund', r.id)),
  ]);
  for (const posting of postings) {
    const name = posting.provider_id;
    if (!name || listed.has(name)) continue;
    listed.add(name);
    const [kind, id = ''] = name.split(':');
    if (kind === 'transaction') {
      const tx = await verifyTransaction(id);
      if (tx) provider.payments.push(paymentRow(tx));
    } else if (kind === 'transfer') {
      const transfer = await getTransfer(id);
      if (transfer) provider.transfers.push(transferRow(await asDebited(transfer)));
    } else if (kind === 'refund') {
      const refund = await getRefund(id);
      // A refund's currency is its transaction's, which the posting is in.
      if (refund)
        provider.refunds.push({
          id: refund.id,
          transactionId: refund.transactionId,
          status: refund.status,
          amountMinor: refund.amountMinor,
          currency: posting.currency,
          createdAt: refund.createdAt ?? '',
        });
    }
  }
}

/**
 * Reconciles the Lagos day `date` (default: today): every provider transaction, transfer and
 * refund of the day against the ledger's postings, by the provider's id, and every posting of the
 * day against its provider movement; then, in every currency, the ledger's holding against the
 * provider's balance now. Reads only: it changes nothing.
 */
export async function reconcile(date = lagosDay(new Date().toISOString()), now = new Date()): Promise<Reconciliation> {
  const nowIso = now.toISOString();
  const day = dayBounds(date);
  const lookback = new Date(now.getTime() - inFlightLookbackDays * 86_400_000).toISOString();
  // From the day before (or the week's lookback, when earlier) up to now: the postings matched
  // against the provider's movements, so a movement posted late (a transfer that settled days after,
  // a day closed late after an outage) finds its posting, and the transfers and refunds listed, so
  // one of the week that completed and was never posted is named on this day (reconcileDay).
  const window = { from: [dayBounds(addDays(date, -1)).from, lookback].sort()[0] as string, until: nowIso };
  const arrivingSince = new Date(now.getTime() - arrivingWindowMs).toISOString();
  const [moved, payments, justPaid] = await Promise.all([
    providerMovesOut(lagosDay(window.from), [addDays(date, 1), lagosDay(nowIso)].sort()[1] as string, window.from),
    listTransactions({ from: addDays(date, -1), to: addDays(date, 1), status: 'successful' }),
    // What has just been paid in, which may not be posted yet (for the balance check).
    listTransactions({ from: lagosDay(arrivingSince), to: lagosDay(nowIso), status: 'successful' }),
  ]);
  const provider: ProviderSide = {
    payments: payments.map(paymentRow),
    transfers: [...moved.transfers],
    // Listed by day: only those made since the window began, whose postings are all among those read.
    refunds: moved.refunds.filter((r) => r.createdAt >= window.from),
  };

  // Every currency the product knows: money can arrive in one no contract is in (and is refunded).
  const postings: ReconciledPosting[] = [];
  for (const currency of currencyCodes)
    for (const entry of await postingsBetween(currency, window.from, window.until))
      postings.push({ ...entry, currency: entry.currency ?? currency });
  await withNamedMovements(
    provider,
    postings.filter((p) => p.created_at >= day.from && p.created_at < day.until),
  );

  const { differences, inFlight } = reconcileDay(day, provider, postings);
  // What is under way now, for the balance check: transfers and refunds of the lookback.
  const underWay = reconcileDay({ from: lookback, until: nowIso }, { ...moved, payments: [] }, []).inFlight;
  const arriving = arrivingPayments(justPaid.map(paymentRow), postings, arrivingSince);

  const balances: BalanceCheck[] = [];
  for (const currency of currencyCodes) {
    const [ledger, balance] = await Promise.all([ledgerTotals(currency, nowIso), getBalance(currency)]);
    const inFlightMinor = underWay.filter((f) => f.currency === currency).reduce((sum, f) => sum + f.amountMinor, 0);
    // The ledger counts a payment once the provider confirms it, before it settles: the ledger balance, not the available one.
    const figures = {
      ledgerMinor: ledger.balances.provider_holding,
      providerMinor: balance.ledgerMinor,
      inFlightMinor,
      arrivingMinor: arriving.get(currency) ?? 0,
    };
    const quiet = Object.values(figures).every((minor) => minor === 0);
    if (!quiet || isEscrowCurrency(currency))
      balances.push({ currency, ...figures, differenceMinor: balanceDifference(figures) });
  }
  return { date, differences, inFlight, balances, postingsRead: postings.length };
}

/** A day's end plus this long before it is closed: every posting of the day has been written by then. */
const closingMarginMs = 3_600_000;

/** How many finished days the daily closing catches up on when it has not run for a while. */
const catchUpDays = 7;

export interface ClosedDay {
  date: string;
  differences: number;
  balanceDifferences: number;
}

/**
 * The daily closing (lambdas/schedules/close-ledger.ts): the oldest finished Lagos day of the
 * last week not closed yet is reconciled (its differences counted as ReconciliationDifferences,
 * which alarms) and closed: its balances by account are written once, so totals never read the
 * whole ledger again. One day per run, so a run stays well inside its minute after an outage
 * (every half hour catches up a day). Safe to run any number of times: a closed day is skipped.
 */
export async function closeFinishedDays(now = new Date()): Promise<ClosedDay[]> {
  const closed: ClosedDay[] = [];
  const today = lagosDay(now.toISOString());
  for (let back = catchUpDays; back >= 1 && closed.length === 0; back--) {
    const date = addDays(today, -back);
    const { until } = dayBounds(date);
    if (Date.parse(until) + closingMarginMs > now.getTime()) continue;
    if (await isClosed(date)) continue;
    const report = await reconcile(date, now);
    const balanceDifferences = report.balances.filter((b) => b.differenceMinor !== 0).length;
    const differences = report.differences.length + balanceDifferences;
    countMoneyEvent('ReconciliationDifferences', differences);
    if (differences > 0) logger.error('Reconciliation differences', { date, report });
    for (const currency of escrowCurrencies) {
      const [totals, { held }] = await Promise.all([ledgerTotals(currency, until), heldByContract(currency, until)]);
      // The pages first: a closing says how many it has, so one that exists has them all.
      const heldPages = await putHeldPages(currency, date, held);
      await putClosing({
        currency,
        date,
        ends_at: until,
        balances: totals.balances,
        postings: totals.postings,
        closed_at: now.toISOString(),
        reconciliation: report,
        held_pages: heldPages,
      });
      countMoneyHeld(owedMinor(customerMoney(totals.balances)), currency);
    }
    closed.push({ date, differences: report.differences.length, balanceDifferences });
  }
  return closed;
}

async function isClosed(date: string): Promise<boolean> {
  for (const currency of escrowCurrencies) if (!(await getClosing(currency, date))) return false;
  return true;
}
