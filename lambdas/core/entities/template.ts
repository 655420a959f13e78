import { deleteItem, getItem, putItem, updateItem } from '../adapters/dynamodb';
import { inspectionDays } from '../domain/delivery';
import type { Template } from '../domain/template';
import { byCreator, itemsByCreator, onConditionFailed, tableName } from './table';

/** The template item: `TEMPLATE#<id>` / `META`, listed by creator in GSI1. */
export const templateKey = (id: string) => ({ PK: `TEMPLATE#${id}`, SK: 'META' });

export function toItem(template: Template): Record<string, unknown> {
  return {
    ...templateKey(template.id),
    ...byCreator(template.creator_id, 'TEMPLATE', template.created_at, template.id),
    ...template,
  };
}

/** A template stored before templates carried an inspection window reads as the default window. */
export function fromItem(item: Record<string, unknown>): Template {
  const { id, creator_id, title, description, base_price_minor, currency, created_at } = item as unknown as Template;
  const inspection_days = (item.inspection_days as number | undefined) ?? inspectionDays.default;
  // Only a template in milestones (issue 38) carries them: any other reads as it always did.
  const milestones = item.milestones as Template['milestones'] | undefined;
  return {
    id,
    creator_id,
    title,
    description,
    base_price_minor,
    currency,
    inspection_days,
    created_at,
    ...(milestones ? { milestones } : {}),
  };
}

export async function putTemplate(template: Template): Promise<void> {
  await putItem({ TableName: tableName(), Item: toItem(template), ConditionExpression: 'attribute_not_exists(PK)' });
}

export async function getTemplate(id: string): Promise<Template | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: templateKey(id), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** A creator's templates, newest first (GSI1). */
export async function listTemplatesByCreator(sub: string): Promise<Template[]> {
  return (await itemsByCreator(sub, 'TEMPLATE')).map(fromItem);
}

/**
 * Updates a template, only if it still exists and still belongs to `creatorId`; undefined when it
 * does not. An edit that leaves the inspection window out keeps the stored one.
 */
export async function updateTemplate(
  id: string,
  creatorId: string,
  fields: Pick<Template, 'title' | 'description' | 'base_price_minor' | 'currency'> &
    Partial<Pick<Template, 'inspection_days' | 'milestones'>>,
): Promise<Template | undefined> {
  const keepWindow = fields.inspection_days === undefined;
  const keepMilestones = fields.milestones === undefined;
  const { Attributes } = await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: templateKey(id),
      UpdateExpression: `SET title = :title, description = :description, base_price_minor = :price, currency = :currency${
        keepWindow ? '' : ', inspection_days = :days'
      }${keepMilestones ? '' : ', milestones = :milestones'}`,
      ConditionExpression: 'creator_id = :creator',
      ExpressionAttributeValues: {
        ':title': fields.title,
        ':description': fields.description,
        ':price': fields.base_price_minor,
        ':currency': fields.currency,
        ':creator': creatorId,
        ...(keepWindow ? {} : { ':days': fields.inspection_days }),
        ...(keepMilestones ? {} : { ':milestones': fields.milestones }),
      },
      ReturnValues: 'ALL_NEW',
    }),
    () => ({ Attributes: undefined }),
  );
  return Attributes ? fromItem(Attributes) : undefined;
}

/** Deletes a template, only if it belongs to `creatorId`; false when it did not. */
export async function deleteTemplate(id: string, creatorId: string): Promise<boolean> {
  const deleted = deleteItem({
    TableName: tableName(),
    Key: templateKey(id),
    ConditionExpression: 'creator_id = :creator',
    ExpressionAttributeValues: { ':creator': creatorId },
  });
  return onConditionFailed(
    deleted.then(() => true),
    () => false,
  );
}
