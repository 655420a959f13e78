/**
 * `npm run deploy -- -c stage=<name> [settings] [stack ...]`: after `npm run build` (the package
 * script builds the web app first), `cdk deploy` of the named stacks, or of all the stage's stacks
 * when none is named. The synth (cdk-nag included) runs before anything needs credentials, so
 * everything up to the upload is exercised offline.
 */
import { spawnSync } from 'node:child_process';

/** The `cdk deploy` arguments: the caller's, plus `--all` when they name no stack. */
export function deployArguments(args: readonly string[]): string[] {
  const valued = new Set(['-c', '--context', '--profile', '--region', '--role-arn', '--require-approval', '-o', '--output']);
  const stacks = args.filter((arg, i) => !arg.startsWith('-') && !valued.has(args[i - 1] ?? ''));
  return ['deploy', ...args, ...(stacks.length === 0 && !args.includes('--all') ? ['--all'] : [])];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = spawnSync('npx', ['cdk', ...deployArguments(process.argv.slice(2))], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
