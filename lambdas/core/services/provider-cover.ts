import { getBalance } from '../adapters/flutterwave/balances';
import { listRefunds } from '../adapters/flutterwave/refunds';
import { listTransfersInStatus } from '../adapters/flutterwave/transfers';
import { logger } from '../adapters/logger';
import { countProviderShortfall } from '../adapters/metrics';
import { customerMoney, owedMinor } from '../domain/ledger';
import { currencyCodes, isEscrowCurrency } from '../domain/money';
import { type CoverCheck, coverCheck, describeCover } from '../domain/provider-cover';
import { addDays, lagosDay } from '../domain/reconciliation';
import { getCoverCheck, ledgerTotals, putCoverCheck } from '../entities/ledger';
import { asDebited } from './payouts/record';

/** How far back refunds still pending are looked for: the provider takes up to 15 working days to complete one. */
const pendingRefundLookbackDays = 31;

/** What the provider has taken out of its balance and not paid yet, per currency: the amounts of transfers and refunds under way. */
async function inFlightByCurrency(at: string): Promise<Map<string, number>> {
  const today = lagosDay(at);
  const [fresh, pending, refunds] = await Promise.all([
    listTransfersInStatus('NEW'),
    listTransfersInStatus('PENDING'),
    listRefunds({ from: addDays(today, -pendingRefundLookbackDays), to: today, status: 'pending' }),
  ]);
  const inFlight = new Map<string, number>();
  const add = (currency: string, minor: number) => inFlight.set(currency, (inFlight.get(currency) ?? 0) + minor);
  for (const transfer of await Promise.all([...fresh, ...pending].map(asDebited))) add(transfer.currency, transfer.amountMinor);
  for (const refund of refunds) if (refund.status === 'pending') add(refund.currency, refund.amountMinor);
  return inFlight;
}

/**
 * The sweep's check, every few minutes (lambdas/schedules/money-sweep.ts): in each
 * currency customers have money in (and always the escrow currencies), the provider's balance and
 * what it has on its way to customers against what the ledger says they are owed. Each check is
 * stored for `npm run held` (finance holds no provider key) and counted as ProviderShortfall, 0
 * included so its alarm clears; a shortfall is logged as an error with its figures.
 *
 * Here rather than in the daily closing: a shortfall is found within minutes, before a payout or
 * refund the provider refuses finds it (the closing runs once a day, an hour after the day ends).
 */
export async function checkProviderCover(now = new Date()): Promise<CoverCheck[]> {
  const at = now.toISOString();
  const inFlight = await inFlightByCurrency(at);
  const checks: CoverCheck[] = [];
  for (const currency of currencyCodes) {
    const totals = await ledgerTotals(currency, at);
    const owed = customerMoney(totals.balances);
    const moving = inFlight.get(currency) ?? 0;
    // A currency nobody is owed anything in is checked only to refresh a check stored before (not to leave a stale one for finance).
    const wanted =
      isEscrowCurrency(currency) || owedMinor(owed) !== 0 || moving !== 0 || (await getCoverCheck(currency)) !== undefined;
    if (!wanted) continue;
    const balance = await getBalance(currency);
    const check = coverCheck(
      {
        currency,
        owed,
        providerMinor: balance.ledgerMinor,
        availableMinor: balance.availableMinor,
        inFlightMinor: moving,
      },
      at,
    );
    await putCoverCheck(check);
    countProviderShortfall(check.shortfallMinor, currency);
    if (check.shortfallMinor > 0)
      logger.error('The provider holds less than customers are owed', { check: describeCover(check) });
    checks.push(check);
  }
  return checks;
}
