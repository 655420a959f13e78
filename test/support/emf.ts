import { vi } from 'vitest';

/**
 * The EMF lines Powertools Metrics writes from now on (with a Console of its own, on stdout: one
 * JSON line each), parsed. Metrics are switched on for the rest of the test (the local cloud keeps
 * them off); vi.unstubAllEnvs and vi.restoreAllMocks undo both.
 */
export function captureEmf(): Array<Record<string, unknown>> {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  const records: Array<Record<string, unknown>> = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const lines = String(chunk).split('\n');
    for (const line of lines) if (line.startsWith('{"_aws"')) records.push(JSON.parse(line));
    // Whatever else the process prints still reaches the terminal.
    const other = lines.filter((line) => !line.startsWith('{"_aws"')).join('\n');
    return other.trim() === '' ? true : write(other, ...(rest as []));
  });
  return records;
}
