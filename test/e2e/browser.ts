import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../../lib/local/index';
import { buildWeb } from '../../scripts/build-web';
import { chromiumArgs, chromiumPath } from '../../scripts/programs';
import { configureAmplify } from '../support/amplify';
import { signedInTab } from '../support/browser-tab';
import { apiOrThrow } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';
import { checkAccessibility, takeAccessibilityFindings } from './accessibility';

// Opened by the bench too, which cannot import this file (it registers vitest hooks).
export { signedInTab, subscribed } from '../support/browser-tab';

/**
 * How long any wait over a real browser may take: a poll of what a page shows (vitest's
 * `expect.poll`, whose own default of 1 s a busy 2-core CI machine overruns) and Playwright's own
 * waits (every context of a browser launched here). A bound on waiting, never a sleep: a wait that
 * is met returns at once.
 */
export const browserPatience = 30_000;

/** Content-Security-Policy violations reported by any page of a browser launched here, not yet checked. */
const cspViolations: string[] = [];
const launched = new Set<Browser>();

/**
 * Every browser test fails when a page broke the Content-Security-Policy: the app must run under
 * the policy CloudFront sends (lib/content-security-policy.ts) with no violation at all, or when
 * axe-core finds a page inaccessible (accessibility.ts). Registered here, at import, so it covers every test file that opens a browser through this helper.
 */
afterEach(async () => {
  // A round trip to each open page lets reports still on their way arrive first (a page in the
  // middle of a navigation answers late, so at most a second is spent on it).
  const pages = [...launched].flatMap((b) => b.contexts()).flatMap((c) => c.pages());
  const roundTrip = (page: Page) => page.evaluate(() => undefined).catch(() => undefined);
  await Promise.all(pages.map((page) => Promise.race([roundTrip(page), new Promise((r) => setTimeout(r, 1_000))])));
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
  // Every page still open is scanned as the test left it (the screenshots scanned it on the way).
  for (const page of pages) await checkAccessibility(page);
  expect(takeAccessibilityFindings(), 'critical or serious accessibility findings, or content outside landmarks').toEqual([]);
});

/** The violations reported since the last call (each test's check takes them). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records what Chromium reports of every violation in the context's pages and frames: the
 * `securitypolicyviolation` event (directive, blocked URL, where) and its console error, which
 * also covers frames and navigations the event does not reach.
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    cspViolations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile || '?'}:${event.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy'))
      cspViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

/** Debian's Chromium, driven headless (never a downloaded browser); its pages are watched for CSP violations. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  // newPage() goes through newContext() too, so every page of this browser is watched.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // The local realtime stand-in serves TLS with a certificate of its own making (a person
    // accepts it once in their browser, docs/local-cloud.md); a test browser is told to trust it.
    const context = await newContext({ ignoreHTTPSErrors: true, ...options });
    context.setDefaultTimeout(browserPatience);
    await watchCsp(context);
    return context;
  };
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/** Two people's machines differ: time zone, language and screen feed the device fingerprint. */
export const firstMachine: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  timezoneId: 'Africa/Lagos',
  locale: 'en-NG',
};
export const secondMachine: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  timezoneId: 'Europe/London',
  locale: 'en-GB',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

const artifacts = join(import.meta.dirname, '..', '..', 'test-results', 'e2e');

/**
 * One screenshot per page visited, kept under test-results/ (not committed); the page is also
 * scanned by axe-core on both screens there (accessibility.ts), its findings checked after the test.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  await checkAccessibility(page);
}

/** The web app as it is now, built the way a deploy builds it, into `outDir`. */
export async function buildWebApp(outDir: string): Promise<void> {
  await buildWeb({ outDir, logLevel: 'error' });
}

/** A seller and a buyer on a local cloud serving the web app as built now, each signed in (API) and, if asked, in their own tab. */
export interface TwoPeople {
  cloud: LocalCloud;
  browser: Browser;
  seller: SignedInPerson;
  buyer: SignedInPerson;
  /** The seller's tab on a desktop (firstMachine), when asked for. */
  sellerPage: Page;
  /** The buyer's tab on a phone (secondMachine): the pages must work at its width too. */
  buyerPage: Page;
  /** The API as setup uses it: any answer but a success throws. */
  ok: ReturnType<typeof apiOrThrow>;
  stop(): Promise<void>;
}

/**
 * What the browser tests of a deal between two people start from: the web app built, a local
 * cloud (with `cloud` options) serving it, the two people signed up and signed in, `prepare` run
 * before any tab opens (e.g. the seller made ready to be paid), then Chromium with their tabs.
 */
export async function twoPeople(
  options: {
    cloud?: Omit<LocalCloudOptions, 'webDist'>;
    tabs?: Array<'seller' | 'buyer'>;
    prepare?: (people: Pick<TwoPeople, 'cloud' | 'seller' | 'buyer'>) => Promise<void>;
  } = {},
): Promise<TwoPeople> {
  const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));
  let cloud: LocalCloud | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await cloud?.stop();
    rmSync(dist, { recursive: true, force: true });
  };
  try {
    await buildWebApp(dist);
    cloud = await startLocalCloud({ ...options.cloud, webDist: dist });
    configureAmplify(cloud.config);
    const seller = await signedInPerson(cloud, 'seller');
    const buyer = await signedInPerson(cloud, 'buyer');
    await options.prepare?.({ cloud, seller, buyer });
    const opened = await launchChromium();
    browser = opened;
    const { appUrl } = cloud;
    const tabs = options.tabs ?? ['seller', 'buyer'];
    const tab = async (who: 'seller' | 'buyer', person: SignedInPerson, machine: BrowserContextOptions) =>
      tabs.includes(who) ? signedInTab(opened, appUrl, person.user, machine) : (undefined as never);
    const sellerPage = await tab('seller', seller, firstMachine);
    const buyerPage = await tab('buyer', buyer, secondMachine);
    return { cloud, browser, seller, buyer, sellerPage, buyerPage, ok: apiOrThrow(cloud), stop };
  } catch (error) {
    // Half started: stop what did start, or the test process would wait on it.
    await stop();
    throw error;
  }
}
