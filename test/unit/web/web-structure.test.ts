import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as endpoints from '../../../lambdas/core/api/endpoints';

const webSrc = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file imports, statically or lazily. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map((match) => match[1] ?? '');
}

/** `features/contracts/api.ts` -> ['features', 'contracts', 'api.ts']. */
const parts = (absolute: string) => relative(webSrc, absolute).split(/[\\/]/);

const files = sourceFiles(webSrc);
const relativeImports = files.flatMap((file) =>
  importsOf(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ from: parts(file), to: parts(resolve(dirname(file), specifier)), specifier })),
);

describe('web/src structure', () => {
  it('imports Lambda code only through @escrow/api and @escrow/domain', () => {
    const offending = files.flatMap((file) =>
      importsOf(file)
        .filter(
          (specifier) =>
            specifier.includes('lambdas/') ||
            (specifier.startsWith('@escrow/') && !/^@escrow\/(api|domain)\/[\w-]+$/.test(specifier)),
        )
        .map((specifier) => `${relative(webSrc, file)} -> ${specifier}`),
    );
    expect(offending).toEqual([]);
    expect(
      relativeImports.filter(({ to }) => to[0] === '..').map(({ from, specifier }) => `${from.join('/')} -> ${specifier}`),
    ).toEqual([]);
  });

  it('never lets one feature import another', () => {
    const crossing = relativeImports
      .filter(({ from, to }) => from[0] === 'features' && to[0] === 'features' && from[1] !== to[1])
      .map(({ from, specifier }) => `${from.join('/')} -> ${specifier}`);
    expect(crossing).toEqual([]);
  });

  it('keeps shared layers (components, config, lib) free of features, pages and the app', () => {
    const upward = relativeImports
      .filter(
        ({ from, to }) =>
          ['components', 'config', 'lib'].includes(from[0] ?? '') && ['features', 'pages', 'app'].includes(to[0] ?? ''),
      )
      .map(({ from, specifier }) => `${from.join('/')} -> ${specifier}`);
    expect(upward).toEqual([]);
  });

  it('lets only the app import pages, and features import neither pages nor the app', () => {
    const wrong = relativeImports
      .filter(({ from, to }) => (to[0] === 'pages' && from[0] !== 'app') || (from[0] === 'features' && to[0] === 'app'))
      .map(({ from, specifier }) => `${from.join('/')} -> ${specifier}`);
    expect(wrong).toEqual([]);
  });

  it('types no API route path: every call goes through the endpoint table (@escrow/api/endpoints)', () => {
    // The static head of each path: `/contracts/{id}/dispute` is `/contracts/`, `/release-funds` itself.
    const heads = Object.values(endpoints).map((e) => e.path.split('{')[0] ?? e.path);
    const isRoutePath = (text: string) =>
      heads.some((head) =>
        head.endsWith('/')
          ? text.startsWith(head)
          : text === head || (/^[/?]/.test(text.slice(head.length)) && text.startsWith(head)),
      );
    // The SPA's own page table may name a page as an API route is named (`/contracts/:contractId`).
    const pageTable = join(webSrc, 'config', 'paths.ts');
    const found = files
      .filter((file) => file !== pageTable)
      .flatMap((file) => {
        const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.JSX, readFileSync(file, 'utf8'));
        const literals: string[] = [];
        for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
          if (
            token === ts.SyntaxKind.StringLiteral ||
            token === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
            token === ts.SyntaxKind.TemplateHead
          )
            literals.push(scanner.getTokenValue());
        return literals.filter(isRoutePath).map((text) => `${relative(webSrc, file)}: '${text}'`);
      });
    expect(found).toEqual([]);
    expect(isRoutePath('/contracts/'), 'the check knows a parameterized route').toBe(true);
  });
});
