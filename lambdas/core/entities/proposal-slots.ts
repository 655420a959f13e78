import { getItem, updateItem } from '../adapters/dynamodb';
import type { DisputeSide } from '../domain/dispute';
import { onConditionFailed, tableName } from './table';

/**
 * The proposals one side of a dispute has started in one hour of it: `CONTRACT#<id>` /
 * `PROPOSALS#<side>#<hour>`, cleared by TTL a day after the hour. `taken` counts the
 * proposals made and those still being written, `made` those written. A proposal takes a slot with
 * one conditional update before it reads or writes the dispute: DynamoDB applies such updates one
 * at a time, so a flood is admitted exactly up to the limit, only the admitted few race for the
 * dispute's version, and the rest are answered from this one small item. A proposal that is not
 * made gives its slot back.
 */
export const proposalSlotsKey = (contractId: string, side: DisputeSide, hour: number) => ({
  PK: `CONTRACT#${contractId}`,
  SK: `PROPOSALS#${side}#${hour}`,
});

/** The hour of a dispute a slot is taken in: its number from the dispute's opening, and when it ends (ms). */
export interface ProposalHourRef {
  index: number;
  endsAt: number;
}

/** The slots of one side's hour as they are now (both 0 before its first proposal). */
export async function getProposalSlots(
  contractId: string,
  side: DisputeSide,
  hour: number,
): Promise<{ taken: number; made: number }> {
  const { Item } = await getItem({ TableName: tableName(), Key: proposalSlotsKey(contractId, side, hour), ConsistentRead: true });
  return { taken: Number(Item?.taken ?? 0), made: Number(Item?.made ?? 0) };
}

/** Takes one of the hour's `limit` slots: true when taken, false (nothing changed) when all are taken. */
export function takeProposalSlot(contractId: string, side: DisputeSide, hour: ProposalHourRef, limit: number): Promise<boolean> {
  return onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: proposalSlotsKey(contractId, side, hour.index),
      UpdateExpression: 'ADD taken :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ConditionExpression: 'attribute_not_exists(taken) OR taken < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': Math.ceil(hour.endsAt / 1000) + 24 * 3600 },
    }).then(() => true),
    () => false,
  );
}

/** Counts a slot's proposal as written: once the slots are all made, the side is refused until the hour ends. */
export async function proposalSlotUsed(contractId: string, side: DisputeSide, hour: number): Promise<void> {
  await updateItem({
    TableName: tableName(),
    Key: proposalSlotsKey(contractId, side, hour),
    UpdateExpression: 'ADD made :one',
    ExpressionAttributeValues: { ':one': 1 },
  });
}

/** Gives back a slot {@link takeProposalSlot} took for a proposal that was not made. */
export async function giveBackProposalSlot(contractId: string, side: DisputeSide, hour: number): Promise<void> {
  await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: proposalSlotsKey(contractId, side, hour),
      UpdateExpression: 'ADD taken :minus',
      ConditionExpression: 'taken > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
    () => undefined,
  );
}
