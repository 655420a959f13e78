/**
 * `npm run reconcile -- [--stage <name>] [--date YYYY-MM-DD]`: the ledger against the payment
 * provider for one Lagos day (default: today locally, yesterday for a stage). Every provider
 * transaction, transfer and refund of the day is matched with its posting by the provider's id,
 * every posting with its provider movement, and the ledger's holding with the provider's balance;
 * each difference is printed with its reference. Exit code 1 when there is any.
 *
 * For a stage it prints, as finance, the reconciliation the stage's close-ledger schedule made when
 * the day closed (an hour after it ended): the provider's secret key stays with the functions,
 * never on finance's laptop. Locally it reconciles now, against the sandbox `npm start` runs, as
 * that schedule's function does it (its code, its role: the provider's key from Secrets Manager).
 */
import { parseArgs } from 'node:util';
import { type Currency, escrowCurrencies, formatAmount } from '../lambdas/core/domain/money';
import { addDays, describeDifference, lagosDay } from '../lambdas/core/domain/reconciliation';
import { getClosing } from '../lambdas/core/entities/ledger';
import type { Reconciliation } from '../lambdas/core/services/reconciliation';
import { runningAppPort } from '../lib/local/ports';
import { pointAtLocalCloud, pointAtStage } from './point-at-stage';

/** A reconciliation as finance reads it (pure: tested without a cloud). */
export function reconciliationReport(report: Reconciliation): string[] {
  const out = [`Reconciliation of ${report.date} (Lagos time): ${report.postingsRead} postings read`];
  for (const b of report.balances) {
    const money = (minor: number) => formatAmount(minor, b.currency as Currency);
    out.push(
      `  ${b.currency}: the ledger says the provider holds ${money(b.ledgerMinor)}; its balance is ${money(b.providerMinor)}` +
        `, with ${money(b.inFlightMinor)} in flight` +
        (b.arrivingMinor === 0 ? '' : ` and ${money(b.arrivingMinor)} just paid in, not posted yet`) +
        (b.differenceMinor === 0 ? ': they agree' : `: DIFFERENCE ${money(b.differenceMinor)}`),
    );
  }
  if (report.inFlight.length > 0) {
    out.push('In flight (taken out by the provider, posted when it completes):');
    for (const f of report.inFlight)
      out.push(`  ${f.reference}: ${f.what}, ${formatAmount(f.amountMinor, f.currency as Currency)}`);
  }
  const balanceDifferences = report.balances.filter((b) => b.differenceMinor !== 0).length;
  if (report.differences.length === 0 && balanceDifferences === 0) out.push('No difference.');
  else {
    out.push(`${report.differences.length} difference${report.differences.length === 1 ? '' : 's'} in the day's movements:`);
    for (const d of report.differences) out.push(`  ${describeDifference(d)}`);
  }
  return out;
}

/** Whether a report has any difference (what the exit code says). */
export const hasDifferences = (report: Reconciliation) =>
  report.differences.length > 0 || report.balances.some((b) => b.differenceMinor !== 0);

async function main() {
  const { values } = parseArgs({ options: { stage: { type: 'string' }, date: { type: 'string' }, port: { type: 'string' } } });
  const today = lagosDay(new Date().toISOString());
  const date = values.date ?? (values.stage ? addDays(today, -1) : today);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    console.error('usage: npm run reconcile -- [--stage <name>] [--date YYYY-MM-DD] [--port <app port>]');
    process.exit(2);
  }
  const port = runningAppPort(values.port);
  let report: Reconciliation;
  if (values.stage) {
    await pointAtStage(values.stage, port, 'finance');
    const closing = await getClosing(escrowCurrencies[0], date);
    if (!closing?.reconciliation) {
      console.error(`${date} is not closed yet: the stage reconciles a day an hour after it ends (schedule close-ledger).`);
      process.exit(1);
    }
    console.log(`(as reconciled when the day was closed, ${closing.closed_at})`);
    report = closing.reconciliation as Reconciliation;
  } else {
    // Finance holds no provider key: on a stage the close-ledger schedule reconciles a day an hour
    // after it ends. Locally nobody waits for that: the reconciliation is made now, as that schedule's
    // function makes it, with its role (the same code and permissions; docs/operations-and-finance.md).
    pointAtLocalCloud(port, 'schedule:close-ledger');
    const { reconcile } = await import('../lambdas/core/services/reconciliation');
    report = await reconcile(date);
  }
  console.log(reconciliationReport(report).join('\n'));
  if (hasDifferences(report)) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
