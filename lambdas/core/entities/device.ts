import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import { type DeviceInfo, identityLimits, maxDevicesMessage, type TrustedDevice } from '../contracts/identity';
import { requireEnv } from '../env';
import { ConflictError, NotFoundError } from '../errors';
import { deviceKey, devicePrefix, userKey } from './keys';

export interface DeviceItem {
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

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => requireEnv('tableName');

export function newDevice(info: DeviceInfo, now: string): DeviceItem {
  return { ...info, registered_at: now, last_used_at: now };
}

/** Put of a device that must not exist yet (part of a transaction). */
export function devicePut(sub: string, device: DeviceItem): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...deviceKey(sub, device.device_id), ...device },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Counts one more device on the profile, only while under the limit (part of a transaction). */
export function deviceCountIncrement(sub: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: userKey(sub),
      UpdateExpression: 'SET device_count = if_not_exists(device_count, :zero) + :one',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(device_count) OR device_count < :max)',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': identityLimits.maxDevices },
    },
  };
}

export async function isTrustedDevice(sub: string, deviceId: string | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: deviceKey(sub, deviceId) }));
  return Boolean(Item);
}

/**
 * Registers a device as trusted with the count, in one transaction, together with `alongWith`
 * (the one-time code's deletion). An already-trusted device only runs `alongWith`. A full account
 * is refused with the spec's message; a failed `alongWith` condition returns false.
 */
export async function registerDevice(sub: string, device: DeviceItem, alongWith: TransactItem[] = []): Promise<boolean> {
  const known = await isTrustedDevice(sub, device.device_id);
  const items = known ? alongWith : [...alongWith, devicePut(sub, device), deviceCountIncrement(sub)];
  if (items.length === 0) return true;
  try {
    await documents().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
    if (alongWith.some((_, i) => failed(i))) return false;
    if (!known && failed(alongWith.length + 1)) throw new ConflictError(maxDevicesMessage);
    if (!known && failed(alongWith.length)) return true; // registered concurrently: trusted all the same
    throw error;
  }
}

export async function touchDevice(sub: string, deviceId: string, now: string): Promise<void> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: deviceKey(sub, deviceId),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** The user's trusted devices, most recently used first. */
export async function listDevices(sub: string): Promise<TrustedDevice[]> {
  const { Items = [] } = await documents().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(sub).PK, ':prefix': devicePrefix },
    }),
  );
  return (Items as DeviceItem[])
    .map((d) => ({
      id: d.device_id,
      device_id: d.device_id,
      device_name: d.device_name,
      last_used_at: d.last_used_at,
      registered_at: d.registered_at,
    }))
    .sort((a, b) => b.last_used_at.localeCompare(a.last_used_at));
}

/** Removes one of the user's devices and uncounts it, atomically; someone else's is simply not found. */
export async function removeDevice(sub: string, deviceId: string): Promise<void> {
  try {
    await documents().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: deviceKey(sub, deviceId), ConditionExpression: 'attribute_exists(PK)' } },
          {
            Update: {
              TableName: table(),
              Key: userKey(sub),
              UpdateExpression: 'SET device_count = device_count - :one',
              ConditionExpression: 'device_count > :zero',
              ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
      throw new NotFoundError('Device not found.');
    }
    throw error;
  }
}
