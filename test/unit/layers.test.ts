import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of ARCHITECTURE §1 and STYLE.md, checked on the source: inside lambdas/core
 * each layer imports only the layers below it, handlers never reach past the services, and no
 * module anywhere imports (at run time) one that imports it back. The web app's rules are
 * test/unit/web/web-structure.test.ts.
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

/**
 * The modules a file loads when it runs: what `importsOf` finds, less what the compiler erases
 * (`import type`, `export type`, and an import of nothing but `type` names), resolved to files
 * (relative paths, and the `@escrow/api` and `@escrow/domain` aliases; packages are left out).
 */
function runtimeImportsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const statements = text.matchAll(
    /(?:^|\n)\s*(?:import|export)\s+(type\s)?([^'"]*?)\s*from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g,
  );
  return [...statements].flatMap(([, typeOnly, names, from, bare, dynamic]) => {
    const braces = /^\{([^}]*)\}$/.exec(names?.trim() ?? '');
    const onlyTypes = braces?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .every((name) => name.startsWith('type '));
    if (typeOnly || onlyTypes) return [];
    const module = moduleFile(file, from ?? bare ?? dynamic ?? '');
    return module ? [module] : [];
  });
}

const aliases: Record<string, string> = { '@escrow/api/': 'lambdas/core/api/', '@escrow/domain/': 'lambdas/core/domain/' };

/** The source file a specifier names, or undefined for a package (or a stylesheet). */
function moduleFile(file: string, specifier: string): string | undefined {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  const base = specifier.startsWith('.')
    ? relative(root, resolve(root, dirname(file), specifier))
    : alias
      ? `${aliases[alias]}${specifier.slice(alias.length)}`
      : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (path) => /\.tsx?$/.test(path) && existsSync(join(root, path)),
  );
}

/** Every cycle of the graph that a depth-first walk closes, each as `a -> b -> ... -> a`. */
function cyclesIn(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const back = path.indexOf(next);
      if (back >= 0) cycles.push([...path.slice(back), next].join(' -> '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) visit(node);
  return cycles;
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

  it('has no runtime import cycle in lambdas/, lib/ or web/src: a module never imports the one that calls it', () => {
    const files = ['lambdas', 'lib', 'web/src'].flatMap(sourceFiles);
    expect(cyclesIn(new Map(files.map((file) => [file, runtimeImportsOf(file)])))).toEqual([]);
  });

  it('finds the imports it checks (a check that reads nothing cannot fail)', () => {
    expect(importsOf('lambdas/core/services/contracts.ts')).toContain('../entities/contract');
    expect(importsOf('lambdas/functions/accept-contract.ts').length).toBeGreaterThan(2);
    // Runtime imports resolve to files, through the aliases too; a type-only import is no edge.
    expect(runtimeImportsOf('lambdas/core/services/contracts.ts')).toContain('lambdas/core/entities/contract.ts');
    expect(runtimeImportsOf('lambdas/tasks/settlement-due.ts')).not.toContain('lambdas/core/services/escrow-workflow.ts');
    expect(runtimeImportsOf('web/src/features/contracts/buyer-contract.tsx')).toContain('web/src/features/contracts/refunds.tsx');
    expect(runtimeImportsOf('web/src/components/offer-details.tsx')).toContain('lambdas/core/domain/money.ts');
    expect(runtimeImportsOf('web/src/components/contract-status.tsx')).not.toContain('lambdas/core/domain/escrow-contract.ts');
    // And a cycle, when there is one, is found.
    const knot = new Map([
      ['refunds', ['completion']],
      ['completion', ['settlement']],
      ['settlement', ['refunds', 'workflow']],
      ['workflow', []],
    ]);
    expect(cyclesIn(knot)).toEqual(['refunds -> completion -> settlement -> refunds']);
  });
});
