import type { ReactNode } from 'react';
import { DeviceProvider } from '../features/device/device-provider';
import { AuthProvider } from '../lib/auth';
import { type AppConfig, ConfigContext } from '../lib/config';
import { ThemeProvider } from '../lib/theme';

export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
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
