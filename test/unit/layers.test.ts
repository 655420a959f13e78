import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of ARCHITECTURE §1 and STYLE.md, checked on the source: inside lambdas/core
 * each layer imports only the layers below it, and handlers never reach past the services. The
 * web app's rules are test/unit/web/web-structure.test.ts.
 */
const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

/** The repository-relative path of a relative import, or the specifier itself for a package or alias. */
function target(file: string, specifier: string): string {
  return specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier;
}

const layerOf = (path: string) => /^lambdas\/core\/([a-z]+)\//.exec(path)?.[1];

const allowedBelow: Record<string, string[]> = {
  domain: ['domain'],
  api: ['api', 'domain'],
  adapters: ['adapters', 'domain'],
  entities: ['entities', 'adapters', 'domain'],
  services: ['services', 'entities', 'adapters', 'api', 'domain'],
  // The API wrapper reads the caller's profile to check the session is live (runtime/session.ts).
  runtime: ['runtime', 'entities', 'adapters', 'api', 'domain'],
};

function violations(files: string[], allowed: (file: string, target: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .map((specifier) => target(file, specifier))
      .filter((t) => !allowed(file, t))
      .map((t) => `${file} -> ${t}`),
  );
}

describe('layers', () => {
  it('points every import inside lambdas/core downward: domain <- api, adapters <- entities <- services; runtime beside', () => {
    const files = sourceFiles('lambdas/core');
    expect(
      files.every((f) => (layerOf(f) ?? '') in allowedBelow),
      'every core file sits in a layer folder',
    ).toBe(true);
    const found = violations(files, (file, t) => {
      const to = layerOf(t);
      if (!t.startsWith('lambdas/')) return true;
      return to !== undefined && (allowedBelow[layerOf(file) ?? ''] ?? []).includes(to);
    });
    expect(found).toEqual([]);
  });

  it('keeps the domain free of AWS and I/O', () => {
    const found = violations(
      sourceFiles('lambdas/core/domain'),
      (_, t) => !/^(@aws-sdk|@middy|@aws-lambda-powertools|node:(fs|http|net))/.test(t),
    );
    expect(found).toEqual([]);
  });

  it('lets handlers reach the table only through the services', () => {
    const handlers = ['lambdas/functions', 'lambdas/triggers', 'lambdas/tasks', 'lambdas/schedules'].flatMap(sourceFiles);
    const found = violations(handlers, (_, t) => !t.startsWith('lambdas/core/entities') && !t.startsWith('@aws-sdk'));
    expect(found).toEqual([]);
  });

  it('finds the imports it checks (a check that reads nothing cannot fail)', () => {
    expect(importsOf('lambdas/core/services/contracts.ts')).toContain('../entities/contract');
    expect(importsOf('lambdas/functions/accept-contract.ts').length).toBeGreaterThan(2);
  });
});
