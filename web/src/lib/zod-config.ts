// zod's one global setting for the browser: jitless. The Content-Security-Policy has no
// 'unsafe-eval'; zod otherwise compiles object schemas with `new Function`, and probes for it when
// the first one is built, a probe the browser reports as a violation even though zod catches it.
// It must hold before any schema is built, classic or mini (the shared API schemas are mini:
// lambdas/core/domain/zod.ts), whichever chunk builds one first: main.tsx imports this module
// first. zod keeps its configuration on `globalThis.__zod_globalConfig` and takes the object it
// finds there when it loads (zod/v4/core/core.js), so setting it here needs no zod at all: the
// landing page, which builds no schema, loads none (test/e2e/public-pages.test.ts). zod-jitless.ts
// also sets it through zod's own `config` once zod loads.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
