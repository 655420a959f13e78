import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import type { TemplateView } from '../contracts/escrow';
import { requireEnv } from '../env';
import type { Currency } from '../money';
import { byCreator, templateKey } from './keys';
import { itemsByCreator } from './query';

const table = () => requireEnv('tableName');

export async function putTemplate(template: TemplateView): Promise<void> {
  await documents().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...templateKey(template.id),
        ...byCreator(template.creator_id, 'TEMPLATE', template.created_at, template.id),
        ...template,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getTemplate(id: string): Promise<TemplateView | undefined> {
  const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: templateKey(id), ConsistentRead: true }));
  return Item ? toView(Item) : undefined;
}

/** A creator's templates, newest first (GSI1). */
export async function listTemplatesByCreator(sub: string): Promise<TemplateView[]> {
  return (await itemsByCreator(sub, 'TEMPLATE')).map(toView);
}

/** Updates a template, only if it still exists and still belongs to `creatorId`. */
export async function updateTemplate(
  id: string,
  creatorId: string,
  fields: { title: string; description: string; base_price_minor: number; currency: Currency },
): Promise<TemplateView | undefined> {
  try {
    const { Attributes } = await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: templateKey(id),
        UpdateExpression: 'SET title = :title, description = :description, base_price_minor = :price, currency = :currency',
        ConditionExpression: 'creator_id = :creator',
        ExpressionAttributeValues: {
          ':title': fields.title,
          ':description': fields.description,
          ':price': fields.base_price_minor,
          ':currency': fields.currency,
          ':creator': creatorId,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toView(Attributes) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Deletes a template, only if it belongs to `creatorId`; false when it did not. */
export async function deleteTemplate(id: string, creatorId: string): Promise<boolean> {
  try {
    await documents().send(
      new DeleteCommand({
        TableName: table(),
        Key: templateKey(id),
        ConditionExpression: 'creator_id = :creator',
        ExpressionAttributeValues: { ':creator': creatorId },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

function toView(raw: Record<string, unknown>): TemplateView {
  const { id, creator_id, title, description, base_price_minor, currency, created_at } = raw as unknown as TemplateView;
  return { id, creator_id, title, description, base_price_minor, currency, created_at };
}
