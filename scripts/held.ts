/**
 * `npm run held -- [--stage <name>] [--currency NGN] [--port <app port>]`: what customers' money
 * the ledger holds right now, in each currency money goes through escrow in (or the one named), per contract and in total (held in escrow, payouts released and not
 * yet paid, refunds on their way back, suspense owed back), beside the provider's balance. Exit
 * code 1 when the provider holds less than customers are owed (or nobody has checked it yet).
 *
 * The ledger is read as its totals are: the last day's closing plus the postings since, from the
 * index by time (GSI1), never a Scan; each contract holding escrow is read by key for its title
 * and payout. The provider's balance is the sweep's latest check (every 5 minutes,
 * services/provider-cover.ts), stored under `LEDGER#COVER#<currency>`: finance holds no provider
 * key, and with `--stage` this runs with finance's IAM policy (reads by key and by index only).
 * Locally it reads the local cloud `npm start` runs, whose sweep checks on the same timer.
 */
import { parseArgs } from 'node:util';
import type { CustomerMoney } from '../lambdas/core/domain/ledger';
import { type Currency, escrowCurrencies, formatAmount, isCurrency } from '../lambdas/core/domain/money';
import type { PayoutStatus } from '../lambdas/core/domain/payout';
import { type CoverCheck, describeCover } from '../lambdas/core/domain/provider-cover';
import { runningAppPort } from '../lib/local/ports';
import { pointAtStage } from './point-at-stage';

/** One contract holding customers' money, as the report lists it. */
export interface HeldContract {
  contractId: string;
  title: string;
  status: string;
  money: CustomerMoney;
  /** Its payout, once released: its escrow is on its way to the seller until the payout is paid. */
  payoutStatus?: PayoutStatus;
}

export interface HeldFigures {
  currency: Currency;
  at: string;
  contracts: HeldContract[];
  /** What the ledger's totals (the closing's balances and the postings since) say customers are owed. */
  totalOwedMinor: number;
  /** The day whose closing the figures start from, and how many postings were read after it. */
  from?: string;
  postingsRead: number;
  cover?: CoverCheck;
}

/** A check older than this means the sweep has not run for three of its turns. */
const staleAfterMs = 15 * 60 * 1000;

const releasedUnpaid = (c: HeldContract) => c.payoutStatus === 'transferring' || c.payoutStatus === 'failed';

/** The totals of the contracts' money, by what it is waiting for (they add up to what customers are owed). */
export function heldTotals(contracts: readonly HeldContract[]) {
  const sum = (pick: (c: HeldContract) => number) => contracts.reduce((total, c) => total + pick(c), 0);
  const heldInEscrow = sum((c) => (releasedUnpaid(c) ? 0 : c.money.escrow_minor));
  const payoutsInFlight = sum((c) => (releasedUnpaid(c) ? c.money.escrow_minor : 0));
  const refundsPending = sum((c) => c.money.refund_pending_minor);
  const suspense = sum((c) => c.money.suspense_minor);
  return {
    heldInEscrow,
    payoutsInFlight,
    refundsPending,
    suspense,
    owed: heldInEscrow + payoutsInFlight + refundsPending + suspense,
  };
}

/** Whether the report says the provider falls short (or cannot say it does not): the exit code. */
export const isShort = (figures: Pick<HeldFigures, 'cover'>) => !figures.cover || figures.cover.shortfallMinor > 0;

/** The report as finance reads it (pure: tested without a cloud). */
export function heldReport(figures: HeldFigures, now = new Date()): string[] {
  const money = (minor: number) => formatAmount(minor, figures.currency);
  const out = [
    `Customers' money held at ${figures.at} (${figures.currency}): ` +
      (figures.from ? `the closing of ${figures.from}` : 'from the first posting') +
      ` and ${figures.postingsRead} posting${figures.postingsRead === 1 ? '' : 's'} since`,
  ];
  const rows = [...figures.contracts].sort((a, b) => a.contractId.localeCompare(b.contractId));
  for (const c of rows) {
    const parts = [
      c.money.escrow_minor ? `${releasedUnpaid(c) ? 'payout in flight' : 'in escrow'} ${money(c.money.escrow_minor)}` : '',
      c.money.refund_pending_minor ? `refund pending ${money(c.money.refund_pending_minor)}` : '',
      c.money.suspense_minor ? `suspense ${money(c.money.suspense_minor)}` : '',
    ].filter(Boolean);
    const payout = c.payoutStatus === 'failed' ? ' (its payout waits for ops)' : '';
    out.push(`  ${c.contractId}  ${c.status.padEnd(22)} ${parts.join(', ')}${payout}  "${c.title}"`);
  }
  if (rows.length === 0) out.push('  No contract holds customers’ money.');
  const totals = heldTotals(figures.contracts);
  out.push(
    `  held in escrow      ${money(totals.heldInEscrow)}`,
    `  payouts in flight   ${money(totals.payoutsInFlight)}`,
    `  refunds pending     ${money(totals.refundsPending)}`,
    `  suspense owed back  ${money(totals.suspense)}`,
    `  customers are owed  ${money(totals.owed)} (${rows.length} contract${rows.length === 1 ? '' : 's'})`,
  );
  if (totals.owed !== figures.totalOwedMinor)
    out.push(
      `  THE LEDGER'S TOTALS SAY ${money(figures.totalOwedMinor)}: the contracts and the totals differ by ${money(totals.owed - figures.totalOwedMinor)}`,
    );
  const { cover } = figures;
  if (!cover) {
    out.push('The provider’s balance: not checked yet (the sweep checks it every 5 minutes, schedule money-sweep).');
    return out;
  }
  const age = now.getTime() - Date.parse(cover.checkedAt);
  out.push(
    `The provider, as the sweep checked it at ${cover.checkedAt}${age > staleAfterMs ? ` (OVER ${Math.floor(age / 60_000)} MINUTES AGO: is the sweep running?)` : ''}:`,
    `  ${describeCover(cover)}`,
    `  (its available balance, what transfers and refunds are paid from: ${money(cover.availableMinor)})`,
  );
  return out;
}

async function main() {
  const { values } = parseArgs({
    options: { stage: { type: 'string' }, currency: { type: 'string' }, port: { type: 'string' } },
  });
  const named = values.currency?.toUpperCase();
  if (named !== undefined && !isCurrency(named)) {
    console.error('usage: npm run held -- [--stage <name>] [--currency <code>] [--port <app port>]');
    process.exit(2);
  }
  await pointAtStage(values.stage, runningAppPort(values.port), 'finance');
  // Each currency apart: a contract's money stays in its own currency, against the provider's wallet in it.
  let short = false;
  for (const [i, currency] of (named ? [named] : escrowCurrencies).entries()) {
    if (i > 0) console.log('');
    short = (await reportHeld(currency)) || short;
  }
  if (short) process.exit(1);
}

/** Prints what is held in `currency`; answers whether the provider's wallet in it falls short (or is unchecked). */
async function reportHeld(currency: Currency): Promise<boolean> {
  const { getCoverCheck, heldByContract, ledgerTotals } = await import('../lambdas/core/entities/ledger');
  const { getContract } = await import('../lambdas/core/entities/contract');
  const { getPayout } = await import('../lambdas/core/entities/payout');
  const { customerMoney, owedMinor } = await import('../lambdas/core/domain/ledger');
  const at = new Date().toISOString();
  const [{ held, postings, from }, totals, cover] = await Promise.all([
    heldByContract(currency, at),
    ledgerTotals(currency, at),
    getCoverCheck(currency),
  ]);
  const contracts: HeldContract[] = [];
  for (const [contractId, money] of Object.entries(held)) {
    const [contract, payout] = await Promise.all([
      getContract(contractId),
      money.escrow_minor === 0 ? undefined : getPayout(contractId),
    ]);
    contracts.push({
      contractId,
      title: contract?.title ?? '',
      status: contract?.status ?? 'unknown',
      money,
      ...(payout ? { payoutStatus: payout.status } : {}),
    });
  }
  const figures: HeldFigures = {
    currency,
    at,
    contracts,
    totalOwedMinor: owedMinor(customerMoney(totals.balances)),
    postingsRead: postings,
    ...(from ? { from: from.date } : {}),
    ...(cover ? { cover } : {}),
  };
  console.log(heldReport(figures).join('\n'));
  return isShort(figures);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
