import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as endpoints from '../../lambdas/core/api/endpoints';
import { routes } from '../../lambdas/routes';

/**
 * The endpoint table (lambdas/core/api/endpoints.ts) against what repeats it: the route table, the
 * handlers (each made from its own endpoint by runtime/api-function.ts `endpointFunction`), and the
 * docs' tables (docs/api.md lists every endpoint; README.md and docs/**.md name only real ones in
 * their table rows).
 */
const root = resolve(import.meta.dirname, '../..');
const all = Object.entries(endpoints);
const key = (method: string, path: string) => `${method} ${path}`;
const real = new Set(all.map(([, e]) => key(e.method, e.path)));
/** The provider's own paths that the flutterwave-proxy row names (api/account.ts): not ours. */
const providerPaths = new Set(['GET /banks/NG', 'POST /accounts/resolve']);

function markdownFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Every `METHOD /path` of a table row's cells (`GET/PATCH /x` is two; a bare `/y` after one takes its method). */
function routesInRows(markdown: string): string[] {
  const found: string[] = [];
  for (const row of markdown.split('\n').filter((line) => line.trimStart().startsWith('|')))
    for (const cell of row.split('|')) {
      let methods: string[] = [];
      for (const [, code = ''] of cell.matchAll(/`([^`]+)`/g)) {
        const named = /^((?:GET|POST|PATCH|PUT|DELETE)(?:\/(?:GET|POST|PATCH|PUT|DELETE))*) (\/\S*)$/.exec(code);
        if (named) methods = named[1]?.split('/') ?? [];
        const path = named ? named[2] : /^\/[\w{}/-]+$/.test(code) && methods.length > 0 ? code : undefined;
        if (path) for (const method of methods) found.push(key(method, path));
      }
    }
  return found;
}

describe('the endpoint table', () => {
  it('names each endpoint by its function, exported as its camelCase, with one method and path each', () => {
    for (const [name, endpoint] of all) {
      expect(name).toBe(endpoint.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
      expect(existsSync(join(root, 'lambdas/functions', `${endpoint.name}.ts`)), endpoint.name).toBe(true);
    }
    expect(real.size).toBe(all.length);
  });

  it('gives every endpoint exactly one route of the same name, method, path and auth, and every route an endpoint', () => {
    expect(routes.map((r) => r.name).sort()).toEqual(all.map(([, e]) => e.name).sort());
    for (const route of routes) {
      const endpoint = all.find(([, e]) => e.name === route.name)?.[1];
      expect({ method: route.method, path: route.path, auth: route.auth }).toEqual({
        method: endpoint?.method,
        path: endpoint?.path,
        auth: endpoint?.auth,
      });
    }
  });

  it("makes each route's function from its own endpoint, validating its path and body with nothing else", async () => {
    for (const [, endpoint] of all) {
      const file = join(root, 'lambdas/functions', `${endpoint.name}.ts`);
      // A schema of its own (imported or built) or a parse of its own would bypass the endpoint's.
      expect(readFileSync(file, 'utf8'), endpoint.name).not.toMatch(/\w+Schema\b|\bparseInput\b|\bapiFunction\b|domain\/zod/);
      const { handler } = (await import(file)) as { handler: { endpoint?: unknown } };
      expect(handler.endpoint, endpoint.name).toBe(endpoint);
    }
  });

  it('has a params schema exactly on the paths with placeholders, of those names', () => {
    for (const [, endpoint] of all) {
      const placeholders = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = 'params' in endpoint ? Object.keys(endpoint.params.shape).sort() : [];
      expect(params, endpoint.name).toEqual(placeholders);
    }
  });
});

describe('the docs of the API', () => {
  it('lists every endpoint in docs/api.md', () => {
    const listed = new Set(routesInRows(readFileSync(join(root, 'docs/api.md'), 'utf8')));
    expect([...real].filter((route) => !listed.has(route))).toEqual([]);
  });

  it('names only real endpoints in the table rows of README.md and docs/', () => {
    const named = ['README.md', ...markdownFiles('docs')].flatMap((file) =>
      routesInRows(readFileSync(join(root, file), 'utf8')).map((route) => ({ file, route })),
    );
    expect(named.length, 'the check reads the tables').toBeGreaterThanOrEqual(real.size);
    expect(named.filter(({ route }) => !real.has(route) && !providerPaths.has(route))).toEqual([]);
  });
});
