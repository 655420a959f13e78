import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { type AppConfig, ConfigContext } from '../lib/config';
import { ThemeProvider } from '../lib/theme';

export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  return (
    <ConfigContext.Provider value={config}>
      <ThemeProvider>
        <AuthProvider>{children}</AuthProvider>
      </ThemeProvider>
    </ConfigContext.Provider>
  );
}
