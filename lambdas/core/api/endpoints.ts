/**
 * THE endpoint table: every route of the HTTP API once, with who may call it and the schemas of its
 * path, body and reply. The Lambdas' route table (lambdas/routes.ts) adds what only the server knows
 * (permissions, limits) to each by name; the web app calls them through it (web/src/lib/api.ts
 * `call(endpoints.releaseFunds, { body })`) and never writes a path; docs/api.md lists them, and
 * test/unit/api-docs.test.ts keeps it and every route table of the docs true.
 *
 * The entries live in one module per part of the product as the web app's features call them (./endpoints/), each a plain constant, and
 * this module exports them and nothing else (routes.ts reads it whole). The web imports it as a
 * namespace (`import * as endpoints`): a bundler places a module whole in one chunk, so with one
 * module of every entry each page would load every schema; this way a page's chunk holds its part's.
 * A Lambda imports its part's module and uses one entry (runtime/api-function.ts `endpointFunction`);
 * ../package.json marks these modules free of side effects, so esbuild leaves the other entries'
 * schema modules out of its bundle (it cannot tell on its own that building a schema changes nothing).
 */

export * from './endpoints/account';
export * from './endpoints/contracts';
export type { Endpoint, HttpMethod } from './endpoints/endpoint';
export * from './endpoints/evidence';
export * from './endpoints/identity';
export * from './endpoints/invitations';
export * from './endpoints/notifications';
export * from './endpoints/payments';
export * from './endpoints/payouts';
export * from './endpoints/templates';
