import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduleEntry, schedules } from '../../lambdas/schedules';

/** The schedules table (lambdas/schedules.ts): what CDK turns into functions with rules and the local cloud runs on intervals. */
const schedulesDir = resolve(import.meta.dirname, '../../lambdas/schedules');

describe('schedules table', () => {
  it('has at least the money sweep, every name once', () => {
    expect(schedules.map((s) => s.name)).toContain('money-sweep');
    expect(new Set(schedules.map((s) => s.name)).size).toBe(schedules.length);
  });

  it('points each entry at its handler file under lambdas/schedules', () => {
    for (const schedule of schedules) {
      const entry = scheduleEntry(schedule);
      expect(dirname(entry), schedule.name).toBe(schedulesDir);
      expect(entry, schedule.name).toBe(resolve(schedulesDir, `${schedule.file}.ts`));
      expect(existsSync(entry), `${entry} exists`).toBe(true);
    }
  });

  it('runs each one at a positive whole number of minutes (what an EventBridge rate expression takes)', () => {
    for (const schedule of schedules) {
      expect(Number.isInteger(schedule.rateMinutes), schedule.name).toBe(true);
      expect(schedule.rateMinutes, schedule.name).toBeGreaterThan(0);
    }
  });
});
