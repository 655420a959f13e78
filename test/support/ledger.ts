import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { foreignCurrencies, type LedgerAccount, ledgerSummary, type PostingKind } from '../../lambdas/core/domain/ledger';
import type { Currency } from '../../lambdas/core/domain/money';
import { lagosDay } from '../../lambdas/core/domain/reconciliation';
import { type Reconciliation, reconcile } from '../../lambdas/core/services/reconciliation';
import { localStage } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { eventually } from './eventually';

/** A contract's ledger as stored, read straight from the local table (what finance's report reads). */
export type LedgerLine = { account: string; amount_minor: number };
export type StoredPosting = {
  kind: PostingKind;
  reference: string;
  provider_id?: string;
  lines: LedgerLine[];
  currency?: Currency;
};

export const sumOf = (lines: LedgerLine[]) => lines.reduce((total, line) => total + line.amount_minor, 0);

export async function ledgerOf(contractId: string): Promise<StoredPosting[]> {
  const { Items = [] } = await documents().send(
    new QueryCommand({
      TableName: localStage.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `LEDGER#${contractId}` },
      ConsistentRead: true,
    }),
  );
  return Items as StoredPosting[];
}

function summaryOf(entries: StoredPosting[], currency?: Currency) {
  return ledgerSummary(
    entries.map((e) => ({
      kind: e.kind,
      currency: e.currency,
      lines: e.lines.map((l) => ({ account: l.account as LedgerAccount, amount_minor: l.amount_minor })),
    })),
    currency,
  );
}

/**
 * What a contract's ledger says by account: paid in, held, suspense, refund pending, refunded, paid
 * out, fees; in the contract's currency, or with `currency`, of money paid in another one.
 */
export async function ledgerSummaryOf(contractId: string, currency?: Currency) {
  return summaryOf(await ledgerOf(contractId), currency);
}

/**
 * Every posting of each contract sums to zero, and so does each contract's whole ledger, in each
 * currency it holds money in; read by account, nothing is negative, so paid in = held + suspense + refund pending + refunded + paid
 * out + fees with every term a real amount (nothing paid out or refunded that was not paid in).
 */
export async function expectBalancedLedgers(contractIds: Iterable<string>): Promise<void> {
  for (const id of contractIds) {
    const entries = await ledgerOf(id);
    for (const entry of entries) expect(sumOf(entry.lines), `posting ${entry.reference} balances`).toBe(0);
    expect(sumOf(entries.flatMap((e) => e.lines)), `contract ${id} ledger`).toBe(0);
    for (const currency of [undefined, ...foreignCurrencies(entries)]) {
      const own = entries.filter((e) => e.currency === currency);
      expect(sumOf(own.flatMap((e) => e.lines)), `contract ${id} ledger in ${currency ?? 'its currency'}`).toBe(0);
      const summary = summaryOf(entries, currency);
      // What the provider holds of one contract can be below zero (its fees passed the platform's); the rest cannot.
      const { at_provider_minor: _net, ...figures } = summary;
      for (const [figure, minor] of Object.entries(figures))
        expect(minor, `contract ${id}: ${figure} in ${currency ?? 'its currency'}`).toBeGreaterThanOrEqual(0);
      const owed =
        summary.held_minor +
        summary.suspense_minor +
        summary.refund_pending_minor +
        summary.refunded_minor +
        summary.paid_out_minor +
        summary.fees_minor;
      expect(summary.paid_in_minor, `contract ${id}: paid in is what is held, owed and gone`).toBe(owed);
      expect(summary.at_provider_minor, `contract ${id}: the provider holds what came in less what left`).toBe(
        summary.paid_in_minor - summary.paid_out_minor - summary.refunded_minor - summary.provider_fees_minor,
      );
    }
  }
}

/**
 * The whole stage reconciled with the provider sandbox, today: no movement the two sides disagree
 * on and the ledger's holding equal to the sandbox's balance (with what is in flight). Waits for
 * webhooks and transfers still under way, then asserts on the last report. Answers it.
 */
export async function expectReconciled(ms = 20_000): Promise<Reconciliation> {
  const read = () => reconcile(lagosDay(new Date().toISOString()));
  const report = await eventually(
    read,
    (r) => r.differences.length === 0 && r.balances.every((b) => b.differenceMinor === 0),
    ms,
  ).catch(() => read());
  expect(report.differences, 'movements the ledger and the provider disagree on').toEqual([]);
  for (const balance of report.balances) expect(balance.differenceMinor, `${balance.currency} balance`).toBe(0);
  return report;
}
