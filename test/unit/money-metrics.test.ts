import { afterEach, describe, expect, it, vi } from 'vitest';

/** The EMF line a money event writes is what the stage's alarms read: namespace, dimensions, name and count. */
describe('money metrics', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('writes one EMF line per event with the stage, in the namespace and dimensions the alarms watch', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('STAGE', 'prod');
    const lines: string[] = [];
    // Powertools writes EMF with a Console of its own on stdout (one JSON line each).
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line.startsWith('{"_aws"')),
      );
      return true;
    });
    const { countMoneyEvent } = await import('../../lambdas/core/adapters/metrics');
    countMoneyEvent('PayoutsFailed');
    countMoneyEvent('RefundsFailed', 2);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ service: 'escrow', stage: 'prod', PayoutsFailed: 1 });
    expect(records[1]).toMatchObject({ RefundsFailed: 2 });
    const emf = records[0]?._aws as { CloudWatchMetrics: unknown[] } | undefined;
    expect(emf?.CloudWatchMetrics).toEqual([
      { Namespace: 'Escrow', Dimensions: [['service', 'stage']], Metrics: [{ Name: 'PayoutsFailed', Unit: 'Count' }] },
    ]);
  });
});
