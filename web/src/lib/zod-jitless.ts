// What `zod` is in the web build (web/vite.config.ts aliases it here): zod, set jitless before any
// schema is built. The Content-Security-Policy has no 'unsafe-eval'; zod otherwise compiles object
// schemas with `new Function`, and probes for it when the first one is built, a probe the browser
// reports as a violation even though zod catches it. The setting is zod's one global configuration,
// so it holds for the mini build too, which the shared API schemas (lambdas/core/zod.ts) are built
// with and which this alias does not reach: main.tsx imports this module first, so it runs before
// any schema is built, whichever chunk the bundler puts them in.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
