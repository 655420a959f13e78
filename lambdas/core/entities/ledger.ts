import { ulid } from 'ulid';
import type { LedgerLine, Posting, PostingKind } from '../domain/ledger';
import { isBalanced } from '../domain/ledger';
import { queryAll, type TransactItem, tableName, withoutKeys } from './table';

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
  return { Put: { TableName: tableName(), Item: toItem(entry), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** A contract's postings, oldest first. */
export async function listLedger(contractId: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `LEDGER#${contractId}`, ':prefix': 'ENTRY#' },
  });
  return items.map(fromItem);
}
