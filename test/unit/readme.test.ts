import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The data model's entity table is for a newcomer: it must name every item type the code writes, with its keys. */
const root = resolve(import.meta.dirname, '../..');
const dataModel = readFileSync(join(root, 'docs/data-model.md'), 'utf8');
const entitiesDir = join(root, 'lambdas/core/entities');
const entityModules = readdirSync(entitiesDir).filter((f) => f.endsWith('.ts') && !f.startsWith('table'));

describe('docs/data-model.md entity table', () => {
  it('lists every entity module', () => {
    expect(entityModules.length).toBeGreaterThan(5);
    for (const file of entityModules) expect(dataModel, file).toContain(`(\`${file}\`)`);
  });

  it('shows every key prefix the entity modules build', () => {
    const prefixes = entityModules.flatMap((file) => {
      const text = readFileSync(join(entitiesDir, file), 'utf8');
      return [...text.matchAll(/(?:PK|SK|GSI\dPK): [`']([A-Z]+#?)/g)].map((m) => m[1] ?? '');
    });
    expect(prefixes).toEqual(expect.arrayContaining(['USER#', 'CONTRACT#', 'TEMPLATE#', 'THROTTLE#']));
    for (const prefix of prefixes) expect(dataModel, prefix).toContain(`\`${prefix}`);
  });
});
