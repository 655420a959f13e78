import type { DeviceInfo } from '@escrow/api/identity';
import type { WebConfig } from '@escrow/api/web-config';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { AuthContext, type AuthState } from '../../../web/src/lib/auth';
import { ConfigContext } from '../../../web/src/lib/config';
import { DeviceContext, type DeviceState } from '../../../web/src/lib/device-provider';
import { ThemeProvider } from '../../../web/src/lib/theme';

/** Shared by the web page tests: the app's contexts with fixed values instead of Amplify and FingerprintJS. */
export const testConfig: WebConfig = {
  stage: 'test',
  region: 'eu-west-1',
  apiUrl: 'https://api.example.com',
  cognito: { userPoolId: 'eu-west-1_test', userPoolClientId: 'client' },
  captchaSiteKey: 'site-key',
  payments: { publicKey: 'FLWPUBK_TEST-key-X', checkoutScriptUrl: 'https://checkout.example.com/v3.js' },
  support: { email: 'support@middleman.ng', whatsapp: '2348012345678' },
  events: { endpoint: 'https://events.example.com/event' },
};

export const testDeviceInfo: DeviceInfo = {
  device_id: 'device-1',
  device_name: 'Mac',
  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
  platform: 'MacIntel',
  screen_resolution: '1440x900',
  timezone: 'Africa/Lagos',
  language: 'en-NG',
};

export const testDevice: DeviceState = { loading: false, deviceId: 'device-1', deviceInfo: testDeviceInfo };

export const signedIn: AuthState = { status: 'signedIn', user: { sub: 'u1', email: 'ada@example.com' } };

export interface ProviderOptions {
  auth?: AuthState;
  device?: DeviceState;
  signOut?: () => Promise<void>;
}

export function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  const { auth = { status: 'signedOut' }, device = testDevice, signOut = async () => {} } = options;
  return render(
    <ConfigContext.Provider value={testConfig}>
      <ThemeProvider>
        <AuthContext.Provider value={{ state: auth, signOut }}>
          <DeviceContext.Provider value={device}>{ui}</DeviceContext.Provider>
        </AuthContext.Provider>
      </ThemeProvider>
    </ConfigContext.Provider>,
  );
}

/** Signed in, at `entry` among `routes` (<Route> elements); resolves once the pages' first loads have settled. */
export async function renderSignedInAt(entry: string, routes: ReactNode) {
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>{routes}</Routes>
    </MemoryRouter>,
    { auth: signedIn },
  );
  await act(async () => {});
}

/** Clicks the button with that accessible name and lets what the click starts settle. */
export async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** Stands in for a page the test navigates to: shows its name and the navigation state it got. */
export function Arrived({ at }: { at: string }) {
  const { state } = useLocation();
  return (
    <div>
      <p>Arrived at {at}</p>
      <pre data-testid="navigation-state">{JSON.stringify(state ?? null)}</pre>
    </div>
  );
}
