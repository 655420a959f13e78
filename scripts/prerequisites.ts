/**
 * `tsx scripts/prerequisites.ts java chromium`: npm's prestart/pretest hook. What npm cannot install
 * (Java for DynamoDB Local, Debian's Chromium for the browser tests) is installed from the system's
 * packages when running as root with apt-get; otherwise it stops with one line naming the package.
 *
 * Hand-written because no well-kept npm package installs system packages; the decisions are pure
 * functions (tested in test/unit/prerequisites.test.ts) and only main() runs commands.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Need = 'java' | 'chromium';

// Same default as test/e2e/browser.ts, so both agree on which Chromium the tests drive.
export const defaultChromiumPath = '/usr/bin/chromium';
const minimumJava = 17;

export interface Probe {
  /** What `java -version` printed (it writes to stderr), or null when there is no java to run. */
  javaVersionOutput: string | null;
  chromiumPath: string;
  chromiumExecutable: boolean;
}

export type Missing =
  | { need: 'java'; major: number | null; found: boolean }
  // custom: CHROMIUM_PATH points elsewhere, so installing the package would not make it appear there.
  | { need: 'chromium'; path: string; custom: boolean };

export interface Host {
  root: boolean;
  apt: boolean;
  /** `apt-cache policy openjdk-17-jre-headless`, or null without apt-cache. */
  javaPolicy: string | null;
}

export type Decision = { action: 'none' } | { action: 'stop'; message: string } | { action: 'install'; missing: Missing[] };

export interface Install {
  pkg: string;
  line: string;
}

export function parseNeeds(args: readonly string[]): Need[] | string {
  const unknown = args.filter((arg) => arg !== 'java' && arg !== 'chromium');
  if (args.length === 0 || unknown.length > 0) {
    return `usage: tsx scripts/prerequisites.ts java|chromium...${unknown.length > 0 ? ` (unknown: ${unknown.join(' ')})` : ''}`;
  }
  return [...new Set(args as Need[])];
}

/** Major version from `java -version`: "17.0.15", "21", "17-ea" and the pre-9 "1.8.0_392" style. */
export function javaMajor(versionOutput: string): number | null {
  const match = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(versionOutput);
  if (!match) return null;
  const [, first, second] = match;
  return Number(first === '1' && second !== undefined ? second : first);
}

// browser.ts uses `??`, so an empty CHROMIUM_PATH is taken as given here too.
export function chromiumPath(env: Readonly<Record<string, string | undefined>>): string {
  return env.CHROMIUM_PATH ?? defaultChromiumPath;
}

export function missingPrerequisites(needs: readonly Need[], probe: Probe): Missing[] {
  const missing: Missing[] = [];
  for (const need of needs) {
    if (need === 'java') {
      const major = probe.javaVersionOutput === null ? null : javaMajor(probe.javaVersionOutput);
      if (major === null || major < minimumJava) missing.push({ need, major, found: probe.javaVersionOutput !== null });
    } else if (!probe.chromiumExecutable) {
      missing.push({ need, path: probe.chromiumPath, custom: probe.chromiumPath !== defaultChromiumPath });
    }
  }
  return missing;
}

/** A candidate means the package can be installed from the configured sources (Debian 13 has no openjdk-17). */
export function hasCandidate(policyOutput: string): boolean {
  return /^\s*Candidate: (?!\(none\))\S+/m.test(policyOutput);
}

export function packageFor(missing: Missing, javaPolicy: string | null): string {
  if (missing.need === 'chromium') return 'chromium';
  // default-jre-headless is 17 on Debian 12 but 11 on Ubuntu 22.04, hence openjdk-17 first and a re-check after.
  return javaPolicy === null || hasCandidate(javaPolicy) ? 'openjdk-17-jre-headless' : 'default-jre-headless';
}

function what(missing: Missing): string {
  return missing.need === 'java' ? `Java ${minimumJava} or newer` : 'Chromium';
}

function why(missing: Missing): string {
  if (missing.need === 'chromium') return 'browser tests';
  if (!missing.found) return 'DynamoDB Local';
  return `DynamoDB Local; java -version reports ${missing.major ?? 'a version it cannot read'}`;
}

function needed(missing: readonly Missing[]): string {
  if (missing.length === 1 && missing[0]) return `${what(missing[0])} is needed (${why(missing[0])})`;
  return `${missing.map((m) => `${what(m)} (${why(m)})`).join(' and ')} are needed`;
}

function aptHint(packages: readonly string[], apt: boolean): string {
  return apt ? `, e.g. sudo apt-get install ${packages.join(' ')}` : '';
}

export function decide(missing: readonly Missing[], host: Host): Decision {
  if (missing.length === 0) return { action: 'none' };
  const elsewhere = missing.find((m): m is Extract<Missing, { need: 'chromium' }> => m.need === 'chromium' && m.custom);
  if (elsewhere) {
    return {
      action: 'stop',
      message: `Chromium is needed (browser tests), but CHROMIUM_PATH=${elsewhere.path} is not an executable file: point CHROMIUM_PATH at Chromium, or unset it and install the package chromium${aptHint(['chromium'], host.apt)}`,
    };
  }
  if (host.root && host.apt) return { action: 'install', missing: [...missing] };
  const packages = missing.map((m) => packageFor(m, host.javaPolicy));
  const named = packages.length === 1 ? `the package ${packages[0]}` : `the packages ${packages.join(' and ')}`;
  return { action: 'stop', message: `${needed(missing)}: install ${named}${aptHint(packages, host.apt)}` };
}

/** Run after `apt-get update`, so the Java package is chosen from current package lists. */
export function installs(missing: readonly Missing[], javaPolicy: string | null): Install[] {
  return missing.map((m) => {
    const pkg = packageFor(m, javaPolicy);
    return { pkg, line: `Installing ${pkg}: ${needed([m])}` };
  });
}

/** The package can install fine and still not be what `java` runs (update-alternatives in manual mode). */
export function afterInstall(stillMissing: readonly Missing[], installed: readonly string[]): string | null {
  if (stillMissing.length === 0) return null;
  const fixes = stillMissing.map((m) =>
    m.need === 'java'
      ? `pick Java ${minimumJava} or newer with sudo update-alternatives --config java`
      : `${m.path} is still not executable`,
  );
  return `Installed ${installed.join(' ')}, but ${needed(stillMissing)}: ${fixes.join('; ')}`;
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutableFile(join(dir, command)));
}

function probe(): Probe {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const path = chromiumPath(process.env);
  return {
    javaVersionOutput: java.error ? null : `${java.stdout}${java.stderr}`,
    chromiumPath: path,
    chromiumExecutable: isExecutableFile(path),
  };
}

function javaPolicy(): string | null {
  if (!onPath('apt-cache')) return null;
  return spawnSync('apt-cache', ['policy', 'openjdk-17-jre-headless'], { encoding: 'utf8' }).stdout ?? '';
}

// apt's own progress is kept out of npm's output unless it fails, when it is what explains the failure.
function aptGet(args: readonly string[]): void {
  const result = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`apt-get ${args.join(' ')} failed${result.error ? `: ${result.error.message}` : ''}`);
    process.exit(result.status || 1);
  }
}

function main(args: readonly string[]): void {
  const needs = parseNeeds(args);
  if (typeof needs === 'string') {
    console.error(needs);
    process.exit(2);
  }
  const missing = missingPrerequisites(needs, probe());
  if (missing.length === 0) return;
  const decision = decide(missing, { root: process.getuid?.() === 0, apt: onPath('apt-get'), javaPolicy: javaPolicy() });
  if (decision.action === 'none') return;
  if (decision.action === 'stop') {
    console.error(decision.message);
    process.exit(1);
  }
  aptGet(['update', '-qq']);
  const plan = installs(decision.missing, javaPolicy());
  for (const { line } of plan) console.log(line);
  const packages = plan.map(({ pkg }) => pkg);
  aptGet(['install', '-y', '-qq', ...packages]);
  const failure = afterInstall(missingPrerequisites(needs, probe()), packages);
  if (failure) {
    console.error(failure);
    process.exit(1);
  }
}

// Only when run as a script, so the unit tests can import the decisions without running anything.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
