import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { documents } from '../../lambdas/core/adapters/aws';
import { foreignCurrencies, type LedgerAccount, ledgerSummary } from '../../lambdas/core/domain/ledger';
import type { Currency } from '../../lambdas/core/domain/money';
import { localStage } from '../../lib/local/index';

/** A contract's ledger as stored, read straight from the local table (what finance's report reads). */
export type LedgerLine = { account: string; amount_minor: number };
export type StoredPosting = { kind: string; reference: string; lines: LedgerLine[]; currency?: Currency };

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
      for (const [figure, minor] of Object.entries(summaryOf(entries, currency)))
        expect(minor, `contract ${id}: ${figure} in ${currency ?? 'its currency'}`).toBeGreaterThanOrEqual(0);
    }
  }
}
