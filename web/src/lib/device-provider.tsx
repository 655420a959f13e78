import { fallbackDeviceId } from '@escrow/domain/identity';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceInfoRecord } from './device-info';

export interface DeviceState {
  /** True until the device id is known or could not be computed. */
  loading: boolean;
  deviceId?: string;
  deviceInfo?: DeviceInfoRecord;
}

interface DeviceContextValue extends DeviceState {
  /** Starts identifying this browser; {@link useDevice} calls it. Tests that set the state leave it out. */
  identify?: () => void;
}

export const DeviceContext = createContext<DeviceContextValue | null>(null);

/**
 * Identifies this browser once per app load, the first time a page asks ({@link useDevice}): the
 * pages that sign nobody in never load the fingerprinting code.
 */
export function DeviceProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DeviceState>({ loading: true });
  const started = useRef(false);

  const identify = useCallback(() => {
    if (started.current) return;
    started.current = true;
    import('./device-identify')
      .then((module) => module.identifyDevice())
      .then(
        ({ deviceId, deviceInfo }) => setState({ loading: false, deviceId, deviceInfo }),
        (error: unknown) => {
          // Spec §7: the fallback id, which the server never trusts, so sign-in still works (as a new device).
          console.error('Error generating fingerprint:', error);
          setState({ loading: false, deviceId: fallbackDeviceId });
        },
      );
  }, []);

  const value = useMemo(() => ({ ...state, identify }), [state, identify]);
  return <DeviceContext.Provider value={value}>{children}</DeviceContext.Provider>;
}

export function useDevice(): DeviceState {
  const value = useContext(DeviceContext);
  if (!value) throw new Error('useDevice must be used inside DeviceProvider');
  const { identify } = value;
  useEffect(() => identify?.(), [identify]);
  return value;
}
