import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { StageIam } from './stage-iam';

const rootDir = resolve(import.meta.dirname, '../../..');
const cacheDir = join(rootDir, 'node_modules', '.cache', 'escrow-local-stage');

/**
 * What the synthesized stage depends on: CDK's code and settings (lib/, cdk.json, the locked
 * versions), the tables and modules of lambdas/ it reads, the state machine and the web's paths.
 * Of lib/local only what names and reads the template. Any change synthesizes again.
 */
function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|js|json)$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of ['lib', 'lambdas', 'statemachines', 'web/src/config']) walk(join(rootDir, dir));
  const kept = (path: string) => {
    const rel = relative(rootDir, path);
    return !rel.startsWith('lib/local/') || rel.startsWith('lib/local/iam/') || rel === 'lib/local/stage.ts';
  };
  return [...files.filter(kept), join(rootDir, 'cdk.json'), join(rootDir, 'package-lock.json')].sort();
}

/** A hash of the sources the local stage is synthesized from. */
export function stageSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of sources()) hash.update(relative(rootDir, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The local stage's IAM and environments (stage-iam.ts), synthesized once per change of its sources
 * and kept under node_modules/.cache: about 8 s the first time (in a child process, so aws-cdk-lib
 * never loads into the local cloud), a file read after. Parallel starts may both synthesize; each
 * writes its own file and renames it into place, so a reader never sees half a file.
 */
export function loadStageIam(): StageIam {
  const file = join(cacheDir, `${stageSourceHash()}.json`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(rootDir, 'lib', 'local', 'iam', 'synthesize.ts'), partial], {
      cwd: rootDir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 180_000,
    });
    if (run.status !== 0 || !existsSync(partial))
      throw new Error(`Synthesizing the local stage failed: ${(run.stderr || run.stdout || String(run.error)).slice(-3000)}`);
    renameSync(partial, file);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as StageIam;
}

/** Whether the local stage is synthesized for the sources as they are (`npm start` says when it synthesizes). */
export function isStageIamCached(): boolean {
  return existsSync(join(cacheDir, `${stageSourceHash()}.json`));
}
