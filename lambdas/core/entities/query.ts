import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import { requireEnv } from '../env';
import { type CreatorItemKind, creatorPartition } from './keys';

/** Every item a query matches, following DynamoDB's pages (1 MB each) to the end. */
export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** All of a creator's items of one kind, newest first (GSI1). */
export function itemsByCreator(sub: string, kind: CreatorItemKind): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: requireEnv('tableName'),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :kind)',
    ExpressionAttributeValues: { ':pk': creatorPartition(sub), ':kind': `${kind}#` },
    ScanIndexForward: false,
  });
}
