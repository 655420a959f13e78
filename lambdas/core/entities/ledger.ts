import { ulid } from 'ulid';
import { getItem, putItem, queryItems } from '../adapters/dynamodb';
import { countMoneyFlows } from '../adapters/metrics';
import type { CustomerMoney, LedgerAccount, LedgerLine, Posting, PostingKind } from '../domain/ledger';
import { balances, customerMoneyByContract, isBalanced } from '../domain/ledger';
import type { MilestoneOf } from '../domain/milestones';
import type { Currency } from '../domain/money';
import { flowsOf } from '../domain/money-metrics';
import type { CoverCheck } from '../domain/provider-cover';
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
  /** A milestone's posting (issue 38): which milestone of the contract it moved money for. */
  milestone?: number;
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
export function ledgerEntryPut(
  contract: { id: string; currency: Currency; milestone_of?: MilestoneOf | null },
  posting: Posting,
  now: string,
): TransactItem {
  if (!isBalanced(posting.lines)) throw new Error(`unbalanced ${posting.kind} posting for ${posting.reference}`);
  // A milestone's money never left its contract's escrow: its postings are that contract's, tagged with the milestone.
  const entry: LedgerEntry = {
    id: ulid(),
    contract_id: contract.milestone_of?.contract_id ?? contract.id,
    ...(contract.milestone_of ? { milestone: contract.milestone_of.number } : {}),
    ...posting,
    created_at: now,
  };
  const put: TransactItem = {
    Put: { TableName: tableName(), Item: toItem(entry, contract.currency), ConditionExpression: 'attribute_not_exists(PK)' },
  };
  // Once written, what it moved counts on the stage's dashboard (money in, out, refunded, fees per day).
  return afterCommit(put, async () => countMoneyFlows(flowsOf(posting), entryCurrency(posting, contract.currency)));
}

/**
 * The platform's own postings (top-ups of its float) are kept as the ledger of no contract, under
 * this id: `LEDGER#FLOAT`. Not a ULID, so no contract can have it.
 */
export const floatLedgerId = 'FLOAT';

/** A top-up recorded once per reference (the bank transfer that funded the wallet): `LEDGER#FLOAT` / `TOPUP#<reference>`. */
export interface TopUp {
  reference: string;
  currency: Currency;
  amount_minor: number;
  recorded_by: string;
  recorded_at: string;
}

const topUpKey = (reference: string) => ({ PK: `LEDGER#${floatLedgerId}`, SK: `TOPUP#${reference}` });

/** The put of a top-up's record (with its posting, in one transaction): once per reference. */
export function topUpPut(topUp: TopUp): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...topUpKey(topUp.reference), ...topUp },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function getTopUp(reference: string): Promise<TopUp | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: topUpKey(reference), ConsistentRead: true });
  return Item ? (withoutKeys(Item) as unknown as TopUp) : undefined;
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
  /**
   * How many pages of customers' money by contract were written with it (heldPageKey): absent on
   * a closing written before they were, whose per-contract money is then read from the beginning.
   */
  held_pages?: number;
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
 * Customers' money by contract at a day's end, written with the day's closing, a page of up to
 * {@link contractsPerHeldPage} contracts each: `LEDGER#HELD#<currency>` / `DAY#<date>#<page>`. A
 * partition of its own, so the closings' newest-first read never meets a page. Under `LEDGER#`,
 * so finance reads it by its leading key.
 */
const heldPageKey = (currency: Currency, date: string, page: number) => ({
  PK: `LEDGER#HELD#${currency}`,
  SK: `DAY#${date}#${String(page).padStart(4, '0')}`,
});

/** A page holds this many contracts (about 70 bytes each: far under an item's 400 KB). */
const contractsPerHeldPage = 1_000;

/** A contract's money on a page: [escrow, suspense, refund pending], in minor units. */
type HeldRow = [number, number, number];

/**
 * Writes a day's customers' money by contract, in pages, before its closing: answers how many
 * pages. Each put is whole and the same on a second run, so a run that died half-way and ran again
 * leaves the same pages; the closing, written last, says how many there are.
 */
export async function putHeldPages(currency: Currency, date: string, held: Record<string, CustomerMoney>): Promise<number> {
  const rows = Object.entries(held).sort(([a], [b]) => a.localeCompare(b));
  const pages = Math.ceil(rows.length / contractsPerHeldPage);
  for (let page = 0; page < pages; page++) {
    const contracts = Object.fromEntries(
      rows
        .slice(page * contractsPerHeldPage, (page + 1) * contractsPerHeldPage)
        .map(([id, m]): [string, HeldRow] => [id, [m.escrow_minor, m.suspense_minor, m.refund_pending_minor]]),
    );
    await putItem({ TableName: tableName(), Item: { ...heldPageKey(currency, date, page), currency, date, contracts } });
  }
  return pages;
}

async function heldPagesOf(closing: LedgerClosing): Promise<Record<string, CustomerMoney>> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :day)',
    ExpressionAttributeValues: { ':pk': heldPageKey(closing.currency, '', 0).PK, ':day': `DAY#${closing.date}#` },
    ConsistentRead: true,
  });
  const held: Record<string, CustomerMoney> = {};
  for (const item of items)
    for (const [id, [escrow, suspense, refundPending]] of Object.entries(item.contracts as Record<string, HeldRow>))
      held[id] = { escrow_minor: escrow, suspense_minor: suspense, refund_pending_minor: refundPending };
  return held;
}

/**
 * Customers' money by contract in `currency` at `at` (ISO): the latest closing's pages plus the
 * postings since, read from GSI1, never a Scan. Before any closing with pages (a new stage, or
 * closings written before pages were), from the beginning. Contracts holding nothing are left out.
 */
export async function heldByContract(
  currency: Currency,
  at: string,
): Promise<{ held: Record<string, CustomerMoney>; postings: number; from?: LedgerClosing }> {
  const closing = await latestClosing(currency, at);
  const from = closing?.held_pages === undefined ? undefined : closing;
  const [start, since] = await Promise.all([
    from ? heldPagesOf(from) : {},
    postingsBetween(currency, from?.ends_at ?? '0000', at),
  ]);
  return { held: customerMoneyByContract(since, start), postings: since.length, ...(from ? { from } : {}) };
}

/**
 * The latest check of the provider's balance against what customers are owed, in one currency:
 * `LEDGER#COVER#<currency>` / `LATEST`, written by the sweep every few minutes
 * (services/provider-cover.ts) and read by `npm run held`: finance holds no provider key, so what
 * the provider holds reaches them through the functions that do.
 */
const coverKey = (currency: Currency) => ({ PK: `LEDGER#COVER#${currency}`, SK: 'LATEST' });

export async function putCoverCheck(check: CoverCheck): Promise<void> {
  await putItem({ TableName: tableName(), Item: { ...coverKey(check.currency), ...check } });
}

export async function getCoverCheck(currency: Currency): Promise<CoverCheck | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: coverKey(currency), ConsistentRead: true });
  return Item ? (withoutKeys(Item) as unknown as CoverCheck) : undefined;
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
