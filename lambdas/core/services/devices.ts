import type { DeviceInfo, TrustedDevice } from '../api/identity';
import { ConflictError } from '../domain/errors';
import { type Device, isTrustedDevice, listDevices, removeDevice, touchDevice } from '../entities/device';

/** Trusted-device use cases: a browser that passed the security question and the emailed code. */

export function newDevice(info: DeviceInfo, now: string): Device {
  return { ...info, registered_at: now, last_used_at: now };
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

/** Removes one of the caller's devices; never the one the request comes from (409). */
export async function forgetDevice(sub: string, deviceId: string, currentDeviceId: string | undefined): Promise<void> {
  if (currentDeviceId === deviceId) throw new ConflictError('The current device cannot be removed.');
  await removeDevice(sub, deviceId);
}

/** Whether a sign-in comes from one of the user's trusted devices. */
export function isTrusted(sub: string, deviceId: string | undefined): Promise<boolean> {
  return isTrustedDevice(sub, deviceId);
}

/** Records that a trusted device was used now. */
export function recordUse(sub: string, deviceId: string, now: string): Promise<void> {
  return touchDevice(sub, deviceId, now);
}
