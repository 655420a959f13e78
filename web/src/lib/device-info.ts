import { type DeviceInfo, deviceInfoSchema } from '@escrow/api/identity';
import { deviceStorageKeys } from './constants';
import { deviceNameFromUserAgent } from './device-name';

/** The device-info record as the browser keeps it: the server's fields plus the raw fingerprint components. */
export type DeviceInfoRecord = DeviceInfo & { components?: unknown };

export interface BrowserEnvironment {
  userAgent: string;
  platform: string;
  screenWidth: number;
  screenHeight: number;
  timezone: string;
  language: string;
}

export function buildDeviceInfo(visitorId: string, env: BrowserEnvironment, components?: unknown): DeviceInfoRecord {
  return {
    device_id: visitorId,
    device_name: deviceNameFromUserAgent(env.userAgent),
    user_agent: env.userAgent,
    platform: env.platform,
    screen_resolution: `${env.screenWidth}x${env.screenHeight}`,
    timezone: env.timezone,
    language: env.language,
    components,
  };
}

export function browserEnvironment(): BrowserEnvironment {
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform ?? '',
    screenWidth: window.screen?.width ?? 0,
    screenHeight: window.screen?.height ?? 0,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    language: navigator.language ?? '',
  };
}

/** The record the server accepts: the raw components stay in the browser. Null when it does not validate. */
export function deviceInfoPayload(record: DeviceInfoRecord | undefined): DeviceInfo | null {
  if (!record) return null;
  const parsed = deviceInfoSchema.safeParse(record);
  return parsed.success ? parsed.data : null;
}

/** Both stored values, or nothing: one without the other is recomputed. */
export function readStoredDevice(storage: Storage): { deviceId: string; deviceInfo: DeviceInfoRecord } | null {
  try {
    const deviceId = storage.getItem(deviceStorageKeys.deviceId);
    const rawInfo = storage.getItem(deviceStorageKeys.deviceInfo);
    if (!deviceId || !rawInfo) return null;
    const deviceInfo: unknown = JSON.parse(rawInfo);
    if (typeof deviceInfo !== 'object' || deviceInfo === null) return null;
    return { deviceId, deviceInfo: deviceInfo as DeviceInfoRecord };
  } catch {
    return null;
  }
}

export function storeDevice(storage: Storage, deviceId: string, deviceInfo: DeviceInfoRecord): void {
  try {
    storage.setItem(deviceStorageKeys.deviceId, deviceId);
    storage.setItem(deviceStorageKeys.deviceInfo, JSON.stringify(deviceInfo));
  } catch {
    // Storage may be full or disabled; the id is then recomputed on the next visit.
  }
}

/**
 * The secrets the server gave this browser as a trusted device, per account: a browser may be
 * used by two people. Keyed by the email as signed in with (trimmed, lower case).
 */
function readDeviceSecrets(storage: Storage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(deviceStorageKeys.deviceSecrets) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();

/** This browser's device secret for an account, if it has one. */
export function readDeviceSecret(storage: Storage, email: string): string | undefined {
  return readDeviceSecrets(storage)[accountKey(email)];
}

/** Keeps the secret the server gave this browser for an account (at sign-up, or on registering the device). */
export function storeDeviceSecret(storage: Storage, email: string, secret: string): void {
  try {
    storage.setItem(
      deviceStorageKeys.deviceSecrets,
      JSON.stringify({ ...readDeviceSecrets(storage), [accountKey(email)]: secret }),
    );
  } catch {
    // Storage may be full or disabled; the device is then asked the new-device questions again.
  }
}
