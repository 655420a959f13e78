import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '../adapters/aws';
import { ConflictError, NotFoundError } from '../domain/errors';
import { maxDevicesMessage } from '../domain/identity';
import { deviceCountDecrement, deviceCountIncrement, userKey } from './profile';
import { onConditionFailed, type TransactItem, tableName, transactWrite, withoutKeys } from './table';

/** A trusted device of a user: `USER#<sub>` / `DEVICE#<deviceId>`, counted on the profile. */
export const deviceKey = (sub: string, deviceId: string) => ({ PK: `USER#${sub}`, SK: `DEVICE#${deviceId}` });

export interface Device {
  device_id: string;
  device_name: string;
  user_agent: string;
  platform: string;
  screen_resolution: string;
  timezone: string;
  language: string;
  registered_at: string;
  last_used_at: string;
}

export function toItem(sub: string, device: Device): Record<string, unknown> {
  return { ...deviceKey(sub, device.device_id), ...device };
}

export function fromItem(item: Record<string, unknown>): Device {
  return withoutKeys(item) as unknown as Device;
}

/** The put of a device that must not exist yet (part of a transaction). */
export function devicePut(sub: string, device: Device): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(sub, device), ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function isTrustedDevice(sub: string, deviceId: string | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const { Item } = await documents().send(new GetCommand({ TableName: tableName(), Key: deviceKey(sub, deviceId) }));
  return Boolean(Item);
}

/**
 * Registers a device as trusted with the count, in one transaction, together with `alongWith`
 * (the one-time code's deletion). An already-trusted device only runs `alongWith`. A full account
 * is refused with the spec's message; a failed `alongWith` condition returns false.
 */
export async function registerDevice(sub: string, device: Device, alongWith: TransactItem[] = []): Promise<boolean> {
  const known = await isTrustedDevice(sub, device.device_id);
  const items = known ? alongWith : [...alongWith, devicePut(sub, device), deviceCountIncrement(sub)];
  if (items.length === 0) return true;
  return onConditionFailed(
    transactWrite(items).then(() => true),
    (failed, error) => {
      if (failed.some((i) => i < alongWith.length)) return false;
      if (!known && failed.includes(alongWith.length + 1)) throw new ConflictError(maxDevicesMessage);
      // Registered concurrently: trusted all the same.
      if (!known && failed.includes(alongWith.length)) return true;
      throw error;
    },
  );
}

/** Records that the device was used now; a device that is not trusted is left alone. */
export async function touchDevice(sub: string, deviceId: string, now: string): Promise<void> {
  await onConditionFailed(
    documents().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deviceKey(sub, deviceId),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
    () => undefined,
  );
}

/** The user's trusted devices. */
export async function listDevices(sub: string): Promise<Device[]> {
  const { Items = [] } = await documents().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(sub).PK, ':prefix': 'DEVICE#' },
    }),
  );
  return Items.map(fromItem);
}

/** Removes one of the user's devices and uncounts it, atomically; someone else's is simply not found. */
export async function removeDevice(sub: string, deviceId: string): Promise<void> {
  const remove: TransactItem = {
    Delete: { TableName: tableName(), Key: deviceKey(sub, deviceId), ConditionExpression: 'attribute_exists(PK)' },
  };
  await onConditionFailed(transactWrite([remove, deviceCountDecrement(sub)]), (failed, error) => {
    if (failed.includes(0)) throw new NotFoundError('Device not found.');
    throw error;
  });
}
