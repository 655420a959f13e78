import type { WebConfig } from '@escrow/api/web-config';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { ConfigContext } from '../lib/config';
import { DeviceProvider } from '../lib/device-provider';
import { ThemeProvider } from '../lib/theme';

export function AppProviders({ config, children }: { config: WebConfig; children: ReactNode }) {
  return (
    <ConfigContext.Provider value={config}>
      <ThemeProvider>
        <AuthProvider>
          <DeviceProvider>{children}</DeviceProvider>
        </AuthProvider>
      </ThemeProvider>
    </ConfigContext.Provider>
  );
}
