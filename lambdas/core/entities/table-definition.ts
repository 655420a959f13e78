/**
 * The one DynamoDB table of the product, described once. CDK builds its TableV2 from this object
 * and the local cloud creates the DynamoDB Local table from it, so the two cannot drift.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** GSI1: items by creator; GSI2: contracts by payer. */
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  /** Epoch seconds after which DynamoDB may delete the item (throttle windows, one-time codes). */
  timeToLiveAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** The CreateTable request the local cloud sends (on-demand, like the deployed table). */
export function createTableInput(tableName: string) {
  const keyNames = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
