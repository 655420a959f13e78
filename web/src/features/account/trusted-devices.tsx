import type { TrustedDevice } from '@escrow/api/identity';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/page';
import { useDevice } from '../../lib/device-provider';
import { formatDate, shortId } from '../../lib/format';
import { relativeTime } from '../../lib/relative-time';
import { useLoad } from '../../lib/use-load';
import { listDevices, removeDevice } from './api';
import { type DeviceKind, deviceKind } from './devices';
import { accountPageMessages } from './messages';

/** The account page's Trusted Devices tab (spec §2): the verified devices, this one marked and not removable. */
export function TrustedDevices() {
  const { deviceId: currentDeviceId } = useDevice();
  const [state, setDevices] = useLoad(listDevices);
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(device: TrustedDevice) {
    setError(null);
    setRemoving(device.id);
    try {
      await removeDevice(device.id, currentDeviceId);
      setDevices((devices) => devices.filter((d) => d.id !== device.id));
    } catch {
      setError(accountPageMessages.removeDeviceFailed);
    } finally {
      setRemoving(null);
    }
  }

  if (state.status === 'loading') return <Loading>Loading devices...</Loading>;
  if (state.status === 'failed') return <Alert tone="error">{accountPageMessages.devicesLoadFailed}</Alert>;

  const devices = state.data;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold">
          {devices.length} Trusted {devices.length === 1 ? 'Device' : 'Devices'}
        </h2>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{accountPageMessages.devicesIntro}</p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {devices.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-6 text-center dark:border-gray-700">
          <p className="font-medium">{accountPageMessages.noDevices}</p>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{accountPageMessages.noDevicesHint}</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {devices.map((device) => {
            const current = device.device_id === currentDeviceId;
            return (
              <li
                key={device.id}
                aria-label={device.device_name}
                className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
              >
                <div className="flex items-start gap-3">
                  <DeviceIcon kind={deviceKind(device.device_name)} />
                  <div className="space-y-1">
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      {device.device_name}
                      {current && (
                        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
                          Current Device
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-gray-600 dark:text-gray-400">Last used: {relativeTime(device.last_used_at)}</p>
                    <p className="text-sm text-gray-600 dark:text-gray-400">Registered: {formatDate(device.registered_at)}</p>
                    <p className="text-xs text-gray-500">
                      Device ID: <code>{shortId(device.device_id, 16)}</code>
                    </p>
                  </div>
                </div>
                <Button
                  variant="secondary"
                  className="text-red-700 dark:text-red-400"
                  disabled={current || removing !== null}
                  title={current ? accountPageMessages.cannotRemoveCurrent : undefined}
                  onClick={() => void remove(device)}
                >
                  {removing === device.id ? 'Removing...' : 'Remove'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <aside className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
        <h3 className="font-semibold">Security Tip</h3>
        <p className="mt-1">
          If you see a device you don't recognize, remove it and change your password right away. Every new device must be
          verified with your security question and an emailed code when you log in.
        </p>
      </aside>
    </div>
  );
}

const iconPaths: Record<DeviceKind, string> = {
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm3 17h2',
  tablet: 'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm5 17h2',
  computer: 'M4 4h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm4 16h8m-4-4v4',
};

const iconNames: Record<DeviceKind, string> = { phone: 'Phone', tablet: 'Tablet', computer: 'Computer' };

function DeviceIcon({ kind }: { kind: DeviceKind }) {
  return (
    <svg
      role="img"
      aria-label={iconNames[kind]}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-8 w-8 shrink-0 text-emerald-700 dark:text-emerald-400"
    >
      <path d={iconPaths[kind]} />
    </svg>
  );
}
