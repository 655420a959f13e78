import type { DeviceInfo, TrustedDevice } from '../api/identity';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors';
import { matchesDeviceSecret } from '../domain/hashing';
import { fallbackDeviceId } from '../domain/identity';
import { type Device, getDevice, listDevices, removeDevice, touchDevice } from '../entities/device';

/** Trusted-device use cases: a browser that passed the security question and the emailed code. */

/** A device becoming trusted now; `secretHash` is the hash of the secret its browser was given. */
export function newDevice(info: DeviceInfo, now: string, secretHash?: string): Device {
  return { ...info, registered_at: now, last_used_at: now, ...(secretHash ? { secret_hash: secretHash } : {}) };
}

/** The caller's trusted devices, most recently used first. */
export async function trustedDevices(sub: string): Promise<TrustedDevice[]> {
  return (await listDevices(sub))
    .map((d) => ({
      id: d.device_id,
      device_id: d.device_id,
      device_name: d.device_name,
      last_used_at: d.last_used_at,
      registered_at: d.registered_at,
    }))
    .sort((a, b) => b.last_used_at.localeCompare(a.last_used_at));
}

/**
 * Removes one of the caller's devices; never the one the request comes from (409). A request that
 * does not say which device it comes from is refused (400): without it, the rule could not hold.
 * A device that is not the caller's is not found (404), whatever the request says it comes from:
 * a 409 would tell that the id is someone's device.
 */
export async function forgetDevice(sub: string, deviceId: string, currentDeviceId: string | undefined): Promise<void> {
  if (!currentDeviceId?.trim())
    throw new ValidationError('The device this request comes from is not known. Please sign in again.');
  if (!(await getDevice(sub, deviceId))) throw new NotFoundError('Device not found.');
  if (currentDeviceId === deviceId) throw new ConflictError('The current device cannot be removed.');
  await removeDevice(sub, deviceId);
}

/**
 * Whether a sign-in comes from one of the user's trusted devices: the device is the user's and
 * the browser holds the secret the server gave it. The fingerprint alone proves nothing (the
 * browser chooses it); a device with no secret yet is asked the challenges once and gets one.
 */
export async function isTrusted(sub: string, deviceId: string | undefined, deviceSecret: string | undefined): Promise<boolean> {
  // Longer than any stored id (deviceInfoSchema): not one of the user's devices, and no key to read.
  if (!sub || !deviceId || !deviceSecret || deviceId.length > 128 || deviceId === fallbackDeviceId) return false;
  const device = await getDevice(sub, deviceId);
  return matchesDeviceSecret(deviceSecret, device?.secret_hash);
}

/** Records that a trusted device was used now. */
export function recordUse(sub: string, deviceId: string, now: string): Promise<void> {
  return touchDevice(sub, deviceId, now);
}
