import { ulid } from 'ulid';
import { countMoneyFlows } from '../adapters/metrics';
import type { LedgerLine, Posting, PostingKind } from '../domain/ledger';
import { isBalanced } from '../domain/ledger';
import { escrowCurrencies } from '../domain/money';
import { flowsOf } from '../domain/money-metrics';
import { afterCommit, queryAll, type TransactItem, tableName, withoutKeys } from './table';

/** One posting of a contract's ledger: `LEDGER#<contractId>` / `ENTRY#<ulid>` (in time order). */
export const ledgerEntryKey = (contractId: string, id: string) => ({ PK: `LEDGER#${contractId}`, SK: `ENTRY#${id}` });

export interface LedgerEntry {
  id: string;
  contract_id: string;
  kind: PostingKind;
  reference: string;
  lines: LedgerLine[];
  created_at: string;
}

export function toItem(entry: LedgerEntry): Record<string, unknown> {
  return { ...ledgerEntryKey(entry.contract_id, entry.id), ...entry };
}

export function fromItem(item: Record<string, unknown>): LedgerEntry {
  return withoutKeys(item) as unknown as LedgerEntry;
}

/** The put of a posting (part of the transaction that moves the money); an unbalanced posting is a defect and is never written. */
export function ledgerEntryPut(contractId: string, posting: Posting, now: string): TransactItem {
  if (!isBalanced(posting.lines)) throw new Error(`unbalanced ${posting.kind} posting for ${posting.reference}`);
  const entry: LedgerEntry = { id: ulid(), contract_id: contractId, ...posting, created_at: now };
  const put: TransactItem = {
    Put: { TableName: tableName(), Item: toItem(entry), ConditionExpression: 'attribute_not_exists(PK)' },
  };
  // Once written, what it moved counts on the stage's dashboard (money in, out, refunded, fees per
  // day). A posting without a currency is in its contract's, and only escrow currencies are paid in.
  return afterCommit(put, async () => countMoneyFlows(flowsOf(posting.lines), posting.currency ?? escrowCurrencies[0]));
}

/** A contract's postings, oldest first. */
export async function listLedger(contractId: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `LEDGER#${contractId}`, ':prefix': 'ENTRY#' },
  });
  return items.map(fromItem);
}
