// What `zod` is in the web build (web/vite.config.ts aliases it here): zod, set jitless before any
// schema is built. The Content-Security-Policy has no 'unsafe-eval'; zod otherwise compiles object
// schemas with `new Function`, and probes for it when the first one is built, a probe the browser
// reports as a violation even though zod catches it. Every module that builds a schema imports zod,
// so this runs before the first one, whichever chunk the bundler puts them in.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
