// What `zod` is in the web build (web/vite.config.ts aliases it here): zod, jitless before any
// schema is built (zod-config.ts says why; this sets it again through zod's own API).
import './zod-config';
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
