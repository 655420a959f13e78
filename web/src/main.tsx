import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BootError, bootstrap } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

bootstrap().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('Could not start: /config.json is missing or invalid', error);
    root.render(<BootError />);
  },
);
