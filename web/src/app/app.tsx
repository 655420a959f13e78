import { BrowserRouter } from 'react-router-dom';
import { configureApi } from '../lib/api';
import { configureAmplify } from '../lib/auth';
import { type AppConfig, loadConfig } from '../lib/config';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** Loads the stage's config and configures the clients before anything renders. */
export async function bootstrap(): Promise<AppConfig> {
  const config = await loadConfig();
  configureAmplify(config.cognito);
  configureApi(config.apiUrl);
  return config;
}

export function App({ config }: { config: AppConfig }) {
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
      An unexpected error occurred
    </p>
  );
}
