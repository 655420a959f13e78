import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { DeviceProvider } from '../lib/device-provider';
import { ThemeProvider } from '../lib/theme';

/** The app's contexts. Each loads what it needs on first use, so a public page pays for none of it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <AuthProvider>
        <DeviceProvider>{children}</DeviceProvider>
      </AuthProvider>
    </ThemeProvider>
  );
}
