import FingerprintJS from '@fingerprintjs/fingerprintjs';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { browserEnvironment, buildDeviceInfo, type DeviceInfoRecord, readStoredDevice, storeDevice } from './device-info';

export interface DeviceState {
  /** True until the device id is known or could not be computed. */
  loading: boolean;
  deviceId?: string;
  deviceInfo?: DeviceInfoRecord;
}

export const DeviceContext = createContext<DeviceState | null>(null);

async function identifyDevice(): Promise<{ deviceId: string; deviceInfo: DeviceInfoRecord }> {
  const stored = readStoredDevice(window.localStorage);
  if (stored) return stored;
  const agent = await FingerprintJS.load();
  const { visitorId, components } = await agent.get();
  const deviceInfo = buildDeviceInfo(visitorId, browserEnvironment(), components);
  storeDevice(window.localStorage, visitorId, deviceInfo);
  return { deviceId: visitorId, deviceInfo };
}

/** Identifies this browser once per app load (spec §4 "Device identification"). */
export function DeviceProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DeviceState>({ loading: true });

  useEffect(() => {
    let active = true;
    identifyDevice().then(
      ({ deviceId, deviceInfo }) => {
        if (active) setState({ loading: false, deviceId, deviceInfo });
      },
      (error: unknown) => {
        console.error('Error generating fingerprint:', error);
        if (active) setState({ loading: false });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return <DeviceContext.Provider value={state}>{children}</DeviceContext.Provider>;
}

export function useDevice(): DeviceState {
  const value = useContext(DeviceContext);
  if (!value) throw new Error('useDevice must be used inside DeviceProvider');
  return value;
}
