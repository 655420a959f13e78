import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { buildWebApp, firstMachine, launchChromium, screenshot } from './browser';

/**
 * The public site in Chromium, under the app's Content-Security-Policy (the helper fails a test
 * on any violation): every public page shows its own heading, and the links a visitor follows
 * (header, footer, the help button) reach real pages, never 'Page Not Found'.
 */
let cloud: LocalCloud;
let browser: Browser;
const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));

beforeAll(async () => {
  await buildWebApp(dist);
  cloud = await startLocalCloud({ webDist: dist });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const headings: Array<[string, RegExp]> = [
  ['/how-it-works', /How It Works/i],
  ['/who-we-are', /About Us|Who We Are/i],
  ['/pricing', /Pricing/i],
  ['/contact-us', /Contact Us/i],
  ['/privacy-policy', /Privacy Policy/i],
  ['/terms-of-service', /Terms of Service/i],
  ['/contract-creation-policy', /Contract Creation Policy/i],
  ['/need-help', /Need Help|Support/i],
];

it('shows every public page with its own heading and title, not "Page Not Found"', async () => {
  const page = await (await browser.newContext(firstMachine)).newPage();
  const titles = new Set<string>();
  for (const [path, heading] of headings) {
    await page.goto(`${cloud.appUrl}${path}`);
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 }).toMatch(heading);
    expect(await page.getByText('Page Not Found').count(), path).toBe(0);
    titles.add(await page.title());
    await screenshot(page, `public${path.replaceAll('/', '-')}`);
  }
  expect(titles.size).toBe(headings.length);
  await page.context().close();
});

it('leads a visitor from the landing page through the header, the footer and the help button to real pages', async () => {
  const page = await (await browser.newContext(firstMachine)).newPage();
  const follow = async (name: RegExp, heading: RegExp) => {
    await page.goto(cloud.appUrl);
    await page.getByRole('link', { name }).first().click();
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 }).toMatch(heading);
  };
  await page.goto(cloud.appUrl);
  await expect.poll(() => page.getByText('Latest from Our Blog').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await follow(/^About Us$/, /About Us|Who We Are/i);
  await follow(/^Pricing$/, /Pricing/i);
  await follow(/^Contact Us$/, /Contact Us/i);
  await follow(/^Privacy Policy$/, /Privacy Policy/i);
  await follow(/^Terms of Service$/, /Terms of Service/i);
  await follow(/Need Help\?/, /Need Help|Support/i);
  await page.context().close();
});
