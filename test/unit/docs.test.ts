import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is a newcomer's page and docs/ holds the rest: these keep the two true to each other
 * and to the tree, so a page moved, renamed or deleted is never a dead link or a forgotten page.
 */
const root = resolve(import.meta.dirname, '../..');
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const docsDir = join(root, 'docs');
const docPages = readdirSync(docsDir).filter((f) => f.endsWith('.md'));
/** Every markdown page a reader reaches from the README. */
const pages = [readmePath, ...docPages.map((f) => join(docsDir, f)), join(root, 'lambdas/core/domain/README.md')];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** The targets of a page's markdown links that are not web addresses. */
function relativeLinks(markdown: string): string[] {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...outsideCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('README.md and docs/', () => {
  it('keeps the README a newcomer can read: at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links every page of docs/ from the README', () => {
    expect(docPages.length).toBeGreaterThan(5);
    const linked = new Set(relativeLinks(readme).map((target) => resolve(root, target.split('#')[0] ?? '')));
    for (const page of docPages) expect([...linked], `docs/${page}`).toContain(join(docsDir, page));
  });

  it('has no relative link, in the README or docs/, to a file or heading that does not exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(page, 'utf8');
      for (const target of relativeLinks(text)) {
        const [file = '', anchor] = target.split('#');
        const path = file === '' ? page : resolve(dirname(page), file);
        const where = `${relative(root, page)} -> ${target}`;
        if (!existsSync(path)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(readFileSync(path, 'utf8')).has(anchor))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names in its layout only folders and files that exist', () => {
    const layout = readme.slice(readme.indexOf('## Layout'));
    const block = /```\n([\s\S]*?)```/.exec(layout)?.[1] ?? '';
    // An entry starts at indent 0, 2 or 4 under the folder of the indent before it; a path is a
    // word with a slash or a file extension; deeper lines and the rest of a line describe it.
    const folders: string[] = [];
    const named: string[] = [];
    for (const line of block.split('\n')) {
      const entry = /^( {0,4})(\S+)/.exec(line);
      if (entry === null) continue;
      const [, indent = '', word = ''] = entry;
      const level = indent.length / 2;
      if (!Number.isInteger(level) || !/[/.]/.test(word) || /[,:()]/.test(word)) continue;
      const path = folders.slice(0, level).join('') + word;
      named.push(path);
      folders.length = level;
      folders[level] = word.endsWith('/') ? word : '';
    }
    expect(named).toEqual(expect.arrayContaining(['lib/local/cognito/', 'lambdas/core/services/payouts/']));
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
