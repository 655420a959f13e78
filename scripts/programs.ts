/** The programs the tests and the bench run outside Node: Debian's Chromium, and any child program. */
import { spawn } from 'node:child_process';

/**
 * Debian's Chromium, as the browser tests and the bench drive it: headless, and with nothing that
 * reaches for Google's hosts, which this machine's closed network refuses (FACTS.md).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Runs a program to its end: what it printed and how long it took; a non-zero exit is an error with its stderr. */
export function runProgram(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ wallMs: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${command} exited ${code}: ${stderr.slice(-2000)}`));
      else resolve({ wallMs: performance.now() - start, stdout });
    });
  });
}
