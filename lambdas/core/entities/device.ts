import { getItem, queryItems, updateItem } from '../adapters/dynamodb';
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
  /**
   * Hash of the secret the server gave the browser when it became trusted (domain/hashing.ts
   * `deviceSecretHash`); a sign-in must present the secret. Absent on devices trusted before
   * devices had secrets: those are asked the challenges once more.
   */
  secret_hash?: string;
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

/** One of the user's trusted devices, or undefined. */
export async function getDevice(sub: string, deviceId: string): Promise<Device | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: deviceKey(sub, deviceId), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** The update that gives an already-trusted device a new secret (its old one stops working). */
function deviceSecretUpdate(sub: string, deviceId: string, secretHash: string, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: deviceKey(sub, deviceId),
      UpdateExpression: 'SET secret_hash = :hash, last_used_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': secretHash, ':now': now },
    },
  };
}

/**
 * Registers a device as trusted with the count, in one transaction, together with `alongWith`
 * (the one-time code's deletion). An already-trusted device (one that lost its secret, or was
 * trusted before devices had secrets) only gets the new secret hash. A full account is refused
 * with the spec's message; a failed `alongWith` condition returns false.
 */
export async function registerDevice(
  sub: string,
  device: Device,
  alongWith: TransactItem[] = [],
  retried = false,
): Promise<boolean> {
  const known = Boolean(await getDevice(sub, device.device_id));
  const items = known
    ? [
        ...alongWith,
        ...(device.secret_hash ? [deviceSecretUpdate(sub, device.device_id, device.secret_hash, device.last_used_at)] : []),
      ]
    : [...alongWith, devicePut(sub, device), deviceCountIncrement(sub)];
  if (items.length === 0) return true;
  const outcome = await onConditionFailed(
    transactWrite(items).then(() => 'written' as const),
    (failed, error) => {
      if (failed.some((i) => i < alongWith.length)) return 'refused' as const;
      if (!known && failed.includes(alongWith.length + 1)) throw new ConflictError(maxDevicesMessage);
      if (failed.includes(alongWith.length)) return 'raced' as const;
      throw error;
    },
  );
  // Registered by another sign-in, or removed, meanwhile: nothing was written (the code is still
  // unused), so try once more the other way; the secret must be stored to be of any use.
  if (outcome === 'raced') return !retried && (await registerDevice(sub, device, alongWith, true));
  return outcome === 'written';
}

/** Records that the device was used now; a device that is not trusted is left alone. */
export async function touchDevice(sub: string, deviceId: string, now: string): Promise<void> {
  await onConditionFailed(
    updateItem({
      TableName: tableName(),
      Key: deviceKey(sub, deviceId),
      UpdateExpression: 'SET last_used_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': now },
    }),
    () => undefined,
  );
}

/** The user's trusted devices. */
export async function listDevices(sub: string): Promise<Device[]> {
  const { Items = [] } = await queryItems({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(sub).PK, ':prefix': 'DEVICE#' },
  });
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
