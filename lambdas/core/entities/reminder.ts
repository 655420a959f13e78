import { putItem } from '../adapters/dynamodb';
import { onConditionFailed, tableName } from './table';

/**
 * A reminder a contract's workflow sent: `CONTRACT#<id>` / `REMINDER#<kind>`. Claimed before the
 * reminder goes out, so a task that runs twice (a retry, a resumed execution) reminds once.
 */
export const reminderKey = (contractId: string, kind: ReminderKind) => ({ PK: `CONTRACT#${contractId}`, SK: `REMINDER#${kind}` });

export type ReminderKind = 'inspection';

/** Claims the reminder; false when it was claimed before. */
export async function claimReminder(contractId: string, kind: ReminderKind, now: string): Promise<boolean> {
  const put = putItem({
    TableName: tableName(),
    Item: { ...reminderKey(contractId, kind), contract_id: contractId, kind, sent_at: now },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  return onConditionFailed(
    put.then(() => true),
    () => false,
  );
}
