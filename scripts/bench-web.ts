/**
 * The web half of `npm run bench`: builds the web app as a deploy does, prints what the landing
 * page and the signed-in shell cost in gzipped JavaScript, and Lighthouse's performance,
 * accessibility and SEO scores of the landing page in Debian's Chromium (mobile preset: a
 * mid-range phone on a slow 4G link, simulated), each next to its budget (../shared/ARCHITECTURE.md, performance). Figures are
 * printed, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Rolldown } from 'vite';
import { localStage } from '../lib/local/stage';
import { webRequestListener } from '../lib/local/web';
import { localWebConfig } from '../lib/local/web-config';
import { buildWeb } from './build-web';
import { chromiumArgs, chromiumPath, runProgram } from './programs';

const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const budgets = { landingKb: 100, shellKb: 120, score: 95 };
const webSrc = resolve(import.meta.dirname, '../web/src');

const kb = (bytes: number) => bytes / 1024;
const gzipped = (file: string) => gzipSync(readFileSync(file)).length;

/** The chunks a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(chunks: Rolldown.OutputChunk[], start: Rolldown.OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const name of start.imports) {
    const next = chunks.find((c) => c.fileName === name);
    if (next) staticClosure(chunks, next, into);
  }
  return into;
}

/** The chunk that holds a module of web/src (lazy pages and lazily loaded modules get their own). */
function chunkOf(chunks: Rolldown.OutputChunk[], module: string): Rolldown.OutputChunk {
  const id = join(webSrc, module);
  const found = chunks.find((c) => c.moduleIds.includes(id));
  if (!found) throw new Error(`No chunk holds ${module}`);
  return found;
}

/** What Chromium loads for a page: every script response, gzipped as CloudFront serves it. */
async function scriptsOf(url: string, dist: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const files: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') files.push(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return files.map((path) => join(dist, path));
  } finally {
    await browser.close();
  }
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; displayValue?: string; title: string; scoreDisplayMode: string }>;
}

async function runLighthouse(url: string): Promise<LighthouseResult> {
  const bin = resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');
  const { stdout } = await runProgram(
    bin,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,seo',
      `--chrome-flags=${chromiumArgs.join(' ')}`,
    ],
    { ...process.env, CHROME_PATH: chromiumPath },
  );
  return JSON.parse(stdout) as LighthouseResult;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

export async function benchWeb(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'escrow-bench-web-'));
  const server = createServer(
    webRequestListener(dist, () =>
      localWebConfig(
        localStage,
        {
          appUrl: 'http://127.0.0.1',
          apiUrl: 'http://127.0.0.1:9',
          cognitoEndpoint: 'http://127.0.0.1:9',
          mailboxUrl: 'http://127.0.0.1:9',
          eventsEndpoint: 'https://127.0.0.1:9/event',
          filesEndpoint: 'https://127.0.0.1:9',
          checkoutScriptUrl: 'http://127.0.0.1:9/v3.js',
        },
        'FLWPUBK_TEST-bench-X',
      ),
    ),
  );
  try {
    const { chunks } = await buildWeb({ outDir: dist, logLevel: 'error' });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // The landing page, as Chromium loads it; and the graph's view of the same, to name the chunks.
    const landingFiles = await scriptsOf(`${origin}/`, dist);
    const landingBytes = landingFiles.reduce((sum, file) => sum + gzipped(file), 0);
    const entry = chunks.find((c) => c.isEntry);
    if (!entry) throw new Error('The build has no entry chunk');
    const shell = new Set<string>();
    for (const module of ['lib/config-loader.ts', 'lib/session.ts', 'pages/dashboard/dashboard-page.tsx'])
      staticClosure(chunks, chunkOf(chunks, module), shell);
    staticClosure(chunks, entry, shell);
    const shellBytes = [...shell].reduce((sum, name) => sum + gzipped(join(dist, name)), 0);
    const packagesIn = (names: Iterable<string>) => {
      const found = new Set<string>();
      for (const name of names)
        for (const id of chunks.find((c) => c.fileName === name)?.moduleIds ?? []) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          if (match?.[1]) found.add(match[1]);
        }
      return [...found].sort();
    };

    console.log('\nWeb bundle (gzipped JavaScript, as CloudFront serves it)\n');
    console.log(
      `  landing page (what Chromium loaded, ${landingFiles.length} files)  ${kb(landingBytes).toFixed(1)} KB   budget <= ${budgets.landingKb} KB: ${verdict(kb(landingBytes) <= budgets.landingKb)}`,
    );
    console.log(`    packages: ${packagesIn(landingFiles.map((f) => f.slice(dist.length + 1))).join(', ')}`);
    console.log(
      `  signed-in shell (entry, config, session, dashboard; ${shell.size} files)  ${kb(shellBytes).toFixed(1)} KB   budget <= ${budgets.shellKb} KB: ${verdict(kb(shellBytes) <= budgets.shellKb)}`,
    );
    console.log(`    packages: ${packagesIn(shell).join(', ')}`);

    console.log(`\nLighthouse ${lighthouseRuns}x on ${origin}/ (mobile preset, Debian Chromium), median\n`);
    const results: LighthouseResult[] = [];
    for (let i = 0; i < lighthouseRuns; i++) results.push(await runLighthouse(`${origin}/`));
    for (const category of ['performance', 'accessibility', 'seo']) {
      const scores = results.map((r) => Math.round((r.categories[category]?.score ?? 0) * 100));
      const score = median(scores);
      console.log(
        `  ${category.padEnd(14)} ${String(score).padStart(3)}   (runs: ${scores.join(', ')})   budget >= ${budgets.score}: ${verdict(score >= budgets.score)}`,
      );
    }
    const last = results.at(-1);
    if (last) {
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ];
      console.log(
        `  metrics (last run): ${metrics.map((m) => `${last.audits[m]?.title} ${last.audits[m]?.displayValue}`).join('; ')}`,
      );
      const failing = Object.entries(last.audits).filter(
        ([, a]) => a.score !== null && a.score < 0.9 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
      );
      if (failing.length > 0)
        console.log(
          `  audits below 0.9: ${failing.map(([id, a]) => `${id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`).join('; ')}`,
        );
    }
    console.log('');
  } finally {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}
