import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The functions bench's floor of a cold start (../shared/ARCHITECTURE.md, performance budgets): a
 * function of no code of ours that makes the SDK's document client (credentials from the
 * environment, as every bundle takes them: lib/bundling.ts) and answers one GetItem. Bundled with
 * the functions' settings, so a function's figure over the floor's is what its own code costs.
 */
export async function handler() {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: 'FLOOR', SK: 'FLOOR' } }));
  return { statusCode: 200, found: Item !== undefined };
}
