import type { WebConfig } from '@escrow/api/web-config';
import { BrowserRouter } from 'react-router-dom';
import { configureApi } from '../lib/api';
import { configureAmplify } from '../lib/auth';
import { loadConfig } from '../lib/config';
import { sharedMessages } from '../lib/messages';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** Loads the stage's config and configures the clients before anything renders. */
export async function bootstrap(): Promise<WebConfig> {
  const config = await loadConfig();
  configureAmplify(config.cognito);
  configureApi(config.apiUrl);
  return config;
}

export function App({ config }: { config: WebConfig }) {
  return (
    <AppProviders config={config}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

export function BootError() {
  return (
    <p role="alert" style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
      {sharedMessages.unexpected}
    </p>
  );
}
