import { ulid } from 'ulid';
import { getItem, putItem, queryItems } from '../adapters/dynamodb';
import { countMoneyFlows } from '../adapters/metrics';
import type { LedgerAccount, LedgerLine, Posting, PostingKind } from '../domain/ledger';
import { balances, isBalanced } from '../domain/ledger';
import type { Currency } from '../domain/money';
import { flowsOf } from '../domain/money-metrics';
import { lagosDay, previousDay } from '../domain/reconciliation';
import { afterCommit, onConditionFailed, queryAll, type TransactItem, tableName, withoutKeys } from './table';

/** One posting of a contract's ledger: `LEDGER#<contractId>` / `ENTRY#<ulid>` (in time order). */
export const ledgerEntryKey = (contractId: string, id: string) => ({ PK: `LEDGER#${contractId}`, SK: `ENTRY#${id}` });

/**
 * Every posting in one currency, across contracts, in time order: GSI1 `LEDGER#<currency>` /
 * `<created_at>#<id>`. It is how the totals and a day's postings are read without a Scan. One
 * partition per currency takes every posting (an index partition takes 1,000 writes a second,
 * far above what an escrow's postings need).
 */
const byTimePartition = (currency: Currency) => `LEDGER#${currency}`;

export interface LedgerEntry {
  id: string;
  contract_id: string;
  kind: PostingKind;
  reference: string;
  provider_id?: string;
  lines: LedgerLine[];
  /** Set only on money in another currency than the contract's (see Posting.currency). */
  currency?: Currency;
  created_at: string;
}

/** The currency a posting's money is in: its own when it has one, else its contract's. */
const entryCurrency = (entry: Pick<LedgerEntry, 'currency'>, contractCurrency: Currency) => entry.currency ?? contractCurrency;

export function toItem(entry: LedgerEntry, contractCurrency: Currency): Record<string, unknown> {
  return {
    ...ledgerEntryKey(entry.contract_id, entry.id),
    GSI1PK: byTimePartition(entryCurrency(entry, contractCurrency)),
    GSI1SK: `${entry.created_at}#${entry.id}`,
    ...entry,
  };
}

export function fromItem(item: Record<string, unknown>): LedgerEntry {
  return withoutKeys(item) as unknown as LedgerEntry;
}

/** The put of a posting (part of the transaction that moves the money); an unbalanced posting is a defect and is never written. */
export function ledgerEntryPut(contract: { id: string; currency: Currency }, posting: Posting, now: string): TransactItem {
  if (!isBalanced(posting.lines)) throw new Error(`unbalanced ${posting.kind} posting for ${posting.reference}`);
  const entry: LedgerEntry = { id: ulid(), contract_id: contract.id, ...posting, created_at: now };
  const put: TransactItem = {
    Put: { TableName: tableName(), Item: toItem(entry, contract.currency), ConditionExpression: 'attribute_not_exists(PK)' },
  };
  // Once written, what it moved counts on the stage's dashboard (money in, out, refunded, fees per day).
  return afterCommit(put, async () => countMoneyFlows(flowsOf(posting), entryCurrency(posting, contract.currency)));
}

/** A contract's postings, oldest first. */
export async function listLedger(contractId: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `LEDGER#${contractId}`, ':prefix': 'ENTRY#' },
  });
  return items.map(fromItem);
}

/** The postings in `currency` made in [from, until) (ISO instants), oldest first, across contracts. */
export async function postingsBetween(currency: Currency, from: string, until: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :until',
    // The sort key is `<created_at>#<id>`: '#' sorts before every digit, so `<until>` ends the range before `until` itself.
    ExpressionAttributeValues: { ':pk': byTimePartition(currency), ':from': from, ':until': until },
  });
  return items.map(fromItem).filter((entry) => entry.created_at >= from && entry.created_at < until);
}

/**
 * The ledger's balances by account at the end of a closed day: `LEDGER#CLOSED#<currency>` /
 * `DAY#<date>`. Written once per day by the daily reconciliation (never changed after: a day's
 * postings are all in once it is over), so the totals now are the last closing plus the postings
 * since, never the whole ledger read again.
 */
export interface LedgerClosing {
  currency: Currency;
  /** The day (Lagos, YYYY-MM-DD) and the instant it ended. */
  date: string;
  ends_at: string;
  balances: Record<LedgerAccount, number>;
  /** Postings from the beginning up to its end. */
  postings: number;
  closed_at: string;
  /**
   * The day's reconciliation with the provider when it was closed, as services/reconciliation.ts
   * made it: what `npm run reconcile -- --stage <s>` shows finance (who never holds the provider's key).
   */
  reconciliation?: unknown;
}

const closingKey = (currency: Currency, date: string) => ({ PK: `LEDGER#CLOSED#${currency}`, SK: `DAY#${date}` });

/** The latest closing ending at or before `at` (ISO), if any day before it was closed. */
export async function latestClosing(currency: Currency, at: string): Promise<LedgerClosing | undefined> {
  // Day D's closing ends when D+1 begins: the closings at or before `at` are those of the days before its own.
  const { Items = [] } = await queryItems({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :before',
    ExpressionAttributeValues: {
      ':pk': closingKey(currency, '').PK,
      ':first': 'DAY#',
      ':before': `DAY#${previousDay(lagosDay(at))}`,
    },
    ScanIndexForward: false,
    Limit: 1,
    ConsistentRead: true,
  });
  const closing = Items[0] ? (withoutKeys(Items[0]) as unknown as LedgerClosing) : undefined;
  return closing && closing.ends_at <= at ? closing : undefined;
}

export async function getClosing(currency: Currency, date: string): Promise<LedgerClosing | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: closingKey(currency, date), ConsistentRead: true });
  return Item ? (withoutKeys(Item) as unknown as LedgerClosing) : undefined;
}

/** Writes a day's closing once (a second run finds it written and changes nothing). */
export async function putClosing(closing: LedgerClosing): Promise<void> {
  await onConditionFailed(
    putItem({
      TableName: tableName(),
      Item: { ...closingKey(closing.currency, closing.date), ...closing },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
    () => undefined,
  );
}

/**
 * The ledger's balances by account in `currency` at `at` (ISO): the latest closing at or before
 * it, plus the postings after it. Also how many postings that is.
 */
export async function ledgerTotals(
  currency: Currency,
  at: string,
): Promise<{ balances: Record<LedgerAccount, number>; postings: number; from?: LedgerClosing }> {
  const from = await latestClosing(currency, at);
  // No closing yet: from the beginning ('0000' sorts before every ISO instant; a key value cannot be empty).
  const since = await postingsBetween(currency, from?.ends_at ?? '0000', at);
  const totals = balances(since);
  if (from) for (const account of Object.keys(totals) as LedgerAccount[]) totals[account] += from.balances[account] ?? 0;
  return { balances: totals, postings: (from?.postings ?? 0) + since.length, ...(from ? { from } : {}) };
}
