import FingerprintJS from '@fingerprintjs/fingerprintjs';
import { browserEnvironment, buildDeviceInfo, type DeviceInfoRecord, readStoredDevice, storeDevice } from './device-info';

/** The id and info of this browser: the stored ones, or a fresh fingerprint (spec §4 "Device identification"). */
export async function identifyDevice(): Promise<{ deviceId: string; deviceInfo: DeviceInfoRecord }> {
  const stored = readStoredDevice(window.localStorage);
  if (stored) return stored;
  // monitoring: false: the library otherwise reports its use to its vendor from one page load in a
  // thousand, a third-party request our CSP refuses (and a person's browser owes no one).
  const agent = await FingerprintJS.load({ monitoring: false });
  const { visitorId, components } = await agent.get();
  const deviceInfo = buildDeviceInfo(visitorId, browserEnvironment(), components);
  storeDevice(window.localStorage, visitorId, deviceInfo);
  return { deviceId: visitorId, deviceInfo };
}
