import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envNames, functionEnvironment, timeScale } from '../../lambdas/core/adapters/env';
import { parseTimeScale, scaledMs, scaledSeconds } from '../../lambdas/core/domain/time-scale';

const dayMs = 24 * 3600 * 1000;

describe('the time scale (ESCROW_TIME_SCALE)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads a positive decimal, and 1 when unset or empty', () => {
    expect(parseTimeScale('0.0001', 'X')).toBe(0.0001);
    expect(parseTimeScale('1e-4', 'X')).toBe(0.0001);
    expect(parseTimeScale('2', 'X')).toBe(2);
    expect(parseTimeScale(' .5 ', 'X')).toBe(0.5);
    expect(parseTimeScale(undefined, 'X')).toBe(1);
    expect(parseTimeScale('', 'X')).toBe(1);
  });

  it.each(['0', '-1', '-0.5', 'abc', 'Infinity', 'NaN', '0x10', '1_000', '1,5', '0.0001s', '1e-400'])(
    "refuses '%s' with one line naming the variable",
    (text) => {
      expect(() => parseTimeScale(text, 'ESCROW_TIME_SCALE')).toThrow(/^ESCROW_TIME_SCALE must be a positive number[^\n]*$/);
    },
  );

  it('multiplies a business duration by the factor, to the millisecond: 3 days at 0.0001 end after 25.92 s', () => {
    expect(scaledMs(3 * dayMs, 0.0001)).toBe(25_920);
    expect(scaledMs(7 * dayMs, 1)).toBe(7 * dayMs);
    expect(scaledSeconds(604_800, 0.0001)).toBe(60.48);
    expect(scaledSeconds(0.2, 1)).toBe(0.2);
    expect(scaledSeconds(100, 0.001)).toBe(0.1);
  });

  it('rounds to the nearest millisecond but never a positive duration down to 0, and keeps 0 as 0', () => {
    expect(scaledMs(1234, 0.001)).toBe(1);
    expect(scaledMs(1600, 0.001)).toBe(2);
    expect(scaledMs(1, 0.0001)).toBe(1);
    expect(scaledSeconds(60, 0.00001)).toBe(0.001);
    expect(scaledMs(0, 0.5)).toBe(0);
  });

  it('gives the functions the factor of their environment, 1 where nothing sets it (AWS)', () => {
    vi.stubEnv(envNames.timeScale, undefined);
    expect(timeScale()).toBe(1);
    vi.stubEnv(envNames.timeScale, '0.0001');
    expect(timeScale()).toBe(0.0001);
    expect(scaledMs(7 * dayMs, timeScale())).toBe(60_480);
    vi.stubEnv(envNames.timeScale, '0');
    expect(() => timeScale()).toThrow(/ESCROW_TIME_SCALE/);
  });

  it('is in the function environment only when the local cloud passes it: CDK’s settings leave it out', () => {
    const settings = { stage: 's', tableName: 't', mailFrom: 'm@x.y', appUrl: 'https://a', stateMachineArn: 'arn' };
    expect(functionEnvironment(settings)).not.toHaveProperty(envNames.timeScale);
    expect(functionEnvironment({ ...settings, timeScale: 0.0001 })).toMatchObject({ [envNames.timeScale]: '0.0001' });
    // CDK builds every function environment in these constructs; none of them may pass a time scale.
    const root = resolve(import.meta.dirname, '../..');
    const constructs = readdirSync(join(root, 'lib')).filter((f) => f.endsWith('.ts'));
    expect(constructs).toEqual(expect.arrayContaining(['api.ts', 'auth.ts', 'workflow.ts']));
    for (const file of constructs) {
      expect(readFileSync(join(root, 'lib', file), 'utf8'), file).not.toMatch(/timeScale|ESCROW_TIME_SCALE/);
    }
  });
});

describe('npm start with a bad ESCROW_TIME_SCALE', () => {
  it.each(['0', 'fast'])(
    "refuses to start with '%s', in one line naming the variable",
    (value) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'escrow-time-scale-'));
      try {
        const root = resolve(import.meta.dirname, '../..');
        const result = spawnSync(join(root, 'node_modules/.bin/tsx'), ['bin/local.ts'], {
          cwd: root,
          encoding: 'utf8',
          timeout: 30_000,
          env: { ...process.env, ESCROW_TIME_SCALE: value, ESCROW_DATA_DIR: dataDir },
        });
        expect(result.status).toBe(1);
        expect(result.stderr.trim()).toBe(
          `ESCROW_TIME_SCALE must be a positive number such as 0.0001 (1 = real time), not '${value}'`,
        );
        // Refused before anything started: nothing was written to the data folder.
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
