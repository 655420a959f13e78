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
import { navigation } from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import type { Rolldown } from 'vite';
import { type LocalCloud, startLocalCloud } from '../lib/local/index';
import { localStage } from '../lib/local/stage';
import { webRequestListener } from '../lib/local/web';
import { localWebConfig } from '../lib/local/web-config';
import { configureAmplify } from '../test/support/amplify';
import { signedInTab } from '../test/support/browser-tab';
import { apiOrThrow } from '../test/support/http';
import { signedInPerson } from '../test/support/identity';
import { paths } from '../web/src/config/paths';
import { buildWeb } from './build-web';
import { chromiumArgs, chromiumPath, runProgram } from './programs';

const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const budgets = { landingKb: 100, shellKb: 120, score: 95, signedInLcpMs: 2000 };
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

interface SignedInRun {
  performance: number;
  lcpMs: number;
  /** JavaScript the page loaded, as transferred (gzipped), in bytes. */
  scriptBytes: number;
  /** Each script's file and bytes, largest first. */
  scripts: Array<[string, number]>;
}

/** What one Lighthouse run of a signed-in page found: its score, LCP and the script it loaded. */
function signedInRun(
  lhr: LighthouseResult & { audits: Record<string, { numericValue?: number; details?: unknown }> },
): SignedInRun {
  const requests = (
    lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> }
  )?.items;
  const scripts = (requests ?? [])
    .filter((r) => r.resourceType === 'Script')
    .map((r): [string, number] => [new URL(r.url).pathname.split('/').pop() ?? r.url, r.transferSize ?? 0])
    .sort((a, b) => b[1] - a[1]);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    scriptBytes: scripts.reduce((sum, [, bytes]) => sum + bytes, 0),
    scripts,
  };
}

/** A port nothing listens on now, for Chromium's DevTools endpoint. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/**
 * Lighthouse (mobile preset) on the signed-in dashboard and a contract page, served by the local
 * cloud with the web app built as a deploy builds it. The session lives in the tab that signed in
 * (Amplify keeps its tokens in sessionStorage), so Lighthouse runs in that very tab: Chromium is
 * launched with a DevTools port, a person signs in through the login page (Playwright), and
 * Lighthouse drives the same tab through Puppeteer, as its Node API takes. It keeps the tab's
 * storage (`disableStorageReset`), and the browser's cache is cleared before each run, so every
 * run is a first load of the page's JavaScript by a signed-in person.
 */
async function signedInPages(): Promise<Array<{ name: string; path: string; runs: SignedInRun[] }>> {
  const dist = mkdtempSync(join(tmpdir(), 'escrow-bench-signed-in-'));
  let cloud: LocalCloud | undefined;
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  try {
    await buildWeb({ outDir: dist, logLevel: 'error' });
    cloud = await startLocalCloud({ webDist: dist });
    configureAmplify(cloud.config);
    const seller = await signedInPerson(cloud, 'seller');
    const buyer = await signedInPerson(cloud, 'buyer');
    const { id } = await apiOrThrow(cloud)<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Wedding cake',
      description: 'Three tiers, delivered Saturday',
      value: '85000',
      currency: 'NGN',
    });
    // The realtime stand-in's certificate is its own (docs/local-cloud.md): trusted here as a person accepts it once.
    await signedInTab(browser, cloud.appUrl, seller.user, { ignoreHTTPSErrors: true });
    const devtools = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
    try {
      const tab = (await devtools.pages()).find((page) => page.url().endsWith(paths.dashboard.getHref()));
      if (!tab) throw new Error("the signed-in tab is not among the browser's pages");
      const pages = [
        { name: 'dashboard', path: paths.dashboard.getHref() },
        { name: 'contract page', path: paths.myContractDetails.getHref(id) },
      ];
      const measured = [];
      for (const page of pages) {
        const runs: SignedInRun[] = [];
        for (let i = 0; i < lighthouseRuns; i++) {
          const cdp = await tab.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await cdp.detach();
          const result = await navigation(tab, `${cloud.appUrl}${page.path}`, {
            flags: { disableStorageReset: true, onlyCategories: ['performance'], logLevel: 'error' },
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
          if (!new URL(result.lhr.finalDisplayedUrl).pathname.endsWith(page.path))
            throw new Error(`${page.path} ended on ${result.lhr.finalDisplayedUrl}: not signed in?`);
          runs.push(signedInRun(result.lhr as unknown as Parameters<typeof signedInRun>[0]));
        }
        measured.push({ ...page, runs });
      }
      return measured;
    } finally {
      await devtools.disconnect();
    }
  } finally {
    await browser.close();
    await cloud?.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

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

    console.log(
      `\nLighthouse ${lighthouseRuns}x on signed-in pages (mobile preset, the local cloud, a first load each time), median\n`,
    );
    for (const { name, path, runs } of await signedInPages()) {
      const score = median(runs.map((r) => r.performance));
      const lcp = median(runs.map((r) => r.lcpMs));
      const script = kb(median(runs.map((r) => r.scriptBytes)));
      console.log(
        `  ${name} (${path.replace(/[0-9A-Z]{26}$/, '<id>')}): performance ${score}; LCP ${(lcp / 1000).toFixed(2)} s, budget <= ${budgets.signedInLcpMs / 1000} s: ${verdict(lcp <= budgets.signedInLcpMs)}; JavaScript loaded ${script.toFixed(1)} KB, budget <= ${budgets.shellKb} KB: ${verdict(script <= budgets.shellKb)}`,
      );
      const largest = runs.at(-1)?.scripts.slice(0, 6) ?? [];
      console.log(
        `    largest scripts (last run): ${largest.map(([file, bytes]) => `${file} ${kb(bytes).toFixed(1)} KB`).join(', ')}`,
      );
    }
    console.log('');
  } finally {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}
