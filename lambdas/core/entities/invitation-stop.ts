import { getItem, putItem } from '../adapters/dynamodb';
import type { InvitationStop } from '../domain/invitation-stop';
import { onConditionFailed, tableName } from './table';

/**
 * An address that stopped invitation emails from one sender: `INVITE-STOP#<address digest>` /
 * `FROM#<sender>` (domain/invitation-stop.ts). The address is kept only as its keyed digest, as
 * the stop link carries it. Kept for good: a stop is the address's own choice, not a window.
 */
export const invitationStopKey = (stop: InvitationStop) => ({
  PK: `INVITE-STOP#${stop.addressDigest}`,
  SK: `FROM#${stop.sender}`,
});

/** Records the stop; once only (the first time is kept), so a link used again changes nothing. */
export async function putInvitationStop(stop: InvitationStop, now: string): Promise<void> {
  await onConditionFailed(
    putItem({
      TableName: tableName(),
      Item: { ...invitationStopKey(stop), sender: stop.sender, stopped_at: now },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
    () => undefined,
  );
}

/** Whether that address stopped invitation emails from that sender. */
export async function isInvitationStopped(stop: InvitationStop): Promise<boolean> {
  const { Item } = await getItem({ TableName: tableName(), Key: invitationStopKey(stop), ConsistentRead: true });
  return Item !== undefined;
}
