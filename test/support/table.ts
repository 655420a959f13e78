import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { localStage } from '../../lib/local/index';
import { dynamodb } from '../../scripts/aws-clients';

/** Every stored item by `PK|SK`, each as canonical JSON of its raw attribute values (so equal means byte-identical). */
export type TableSnapshot = Map<string, string>;

type RawItem = Record<string, AttributeValue>;

/**
 * The whole table as stored, read with the low-level client (numbers stay the strings DynamoDB
 * keeps, nothing is converted), minus the items `keep` rejects.
 */
export async function snapshotTable(keep: (pk: string, sk: string) => boolean = () => true): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = new Map();
  let start: RawItem | undefined;
  do {
    const page = await dynamodb().send(
      new ScanCommand({ TableName: localStage.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      const pk = item.PK?.S ?? '';
      const sk = item.SK?.S ?? '';
      if (keep(pk, sk)) snapshot.set(`${pk}|${sk}`, canonical(item));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return snapshot;
}

/**
 * Neither throttle windows (rate limiters count every request, refused or not) nor what the
 * schedules write on their own clock: the ledger's daily closings and their pages of money held
 * (`LEDGER#CLOSED#`, `LEDGER#HELD#`: close-ledger, a day each run while a cloud with compressed
 * time catches up) and the sweep's check of the provider's cover (`LEDGER#COVER#`, every
 * run): not a change a request made.
 */
const backgroundPartitions = ['THROTTLE#', 'LEDGER#CLOSED#', 'LEDGER#HELD#', 'LEDGER#COVER#'];
export const withoutBackgroundItems = (pk: string) => !backgroundPartitions.some((prefix) => pk.startsWith(prefix));

/**
 * Nor the workflow's task tokens (`TASK#<step>`), which the state machine stores on its own clock
 * as an execution moves on: what a refused request must not change.
 */
export const withoutBackgroundItemsOrWorkflowTokens = (pk: string, sk: string) =>
  withoutBackgroundItems(pk) && !sk.startsWith('TASK#');

/** What differs between two snapshots, one line per item: added, removed or changed (with both versions). */
export function snapshotDiff(before: TableSnapshot, after: TableSnapshot): string[] {
  const lines: string[] = [];
  for (const [key, value] of after) {
    const old = before.get(key);
    if (old === undefined) lines.push(`added ${key}: ${value}`);
    else if (old !== value) lines.push(`changed ${key}: ${old} -> ${value}`);
  }
  for (const key of before.keys()) if (!after.has(key)) lines.push(`removed ${key}`);
  return lines;
}

/** JSON with sorted keys and sorted sets: the same stored item always gives the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(
      entries.map(([k, v]) => [
        k,
        (k === 'SS' || k === 'NS' || k === 'BS') && Array.isArray(v) ? [...v].map(sortDeep).sort() : sortDeep(v),
      ]),
    );
  }
  return value;
}
