// First, before any module builds a schema: zod set jitless, for the Content-Security-Policy
// (the module says why). The shared API schemas build theirs with zod's mini build, which the
// `zod` alias does not reach, and a lazy page can load them before anything imports `zod`.
import './lib/zod-config';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <BrowserRouter>
    <App />
  </BrowserRouter>
);

// A pre-rendered page (scripts/build-web.ts) already shows its content: React takes it over. The
// app shell of every other path is empty and is rendered here.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
