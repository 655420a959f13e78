import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { staticPages } from '../../web/src/config/paths';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, signedIn } from '../support/identity';
import { browserPatience, buildWebApp, firstMachine, launchChromium, screenshot, secondMachine, signedInTab } from './browser';

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
  configureAmplify(cloud.config);
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
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: browserPatience }).toMatch(heading);
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
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: browserPatience }).toMatch(heading);
  };
  await page.goto(cloud.appUrl);
  await expect.poll(() => page.getByText('Latest from Our Blog').count(), { timeout: browserPatience }).toBeGreaterThan(0);
  await follow(/^About Us$/, /About Us|Who We Are/i);
  await follow(/^Pricing$/, /Pricing/i);
  await follow(/^Contact Us$/, /Contact Us/i);
  await follow(/^Privacy Policy$/, /Privacy Policy/i);
  await follow(/^Terms of Service$/, /Terms of Service/i);
  await follow(/Need Help\?/, /Need Help|Support/i);
  await page.context().close();
});

/** Every pre-rendered page and the heading it opens with. */
const staticHeadings: Record<string, RegExp> = {
  ...Object.fromEntries(headings.map(([path, heading]) => [path, heading])),
  '/': /Secure Escrow|MiddleMan|Escrow/i,
};

it('shows every pre-rendered page with its heading, title, header and footer links when JavaScript is off', async () => {
  const context = await browser.newContext({ ...firstMachine, javaScriptEnabled: false });
  const page = await context.newPage();
  expect(staticPages.length).toBe(Object.keys(staticHeadings).length);
  for (const path of staticPages) {
    const response = await page.goto(`${cloud.appUrl}${path}`);
    expect(response?.status(), path).toBe(200);
    expect(await page.locator('h1').first().textContent(), path).toMatch(staticHeadings[path] as RegExp);
    expect(await page.title(), path).toMatch(/MiddleMan/);
    for (const link of ['About Us', 'Pricing', 'Contact Us', 'Privacy Policy', 'Terms of Service'])
      expect(await page.getByRole('link', { name: link, exact: true }).count(), `${path}: ${link}`).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Need Help?' }).getAttribute('href'), path).toBe('/need-help');
  }
  // The shell of a path that is not pre-rendered has nothing to show without JavaScript.
  await page.goto(`${cloud.appUrl}/dashboard`);
  expect(await page.locator('h1').count()).toBe(0);
  await context.close();
});

/** Every script a page loaded, fetched again for its text. */
async function scriptsLoadedBy(path: string): Promise<string[]> {
  const context = await browser.newContext(firstMachine);
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.push(response.url());
  });
  await page.goto(`${cloud.appUrl}${path}`, { waitUntil: 'networkidle' });
  const texts = await Promise.all(urls.map(async (url) => (await fetch(url)).text()));
  await context.close();
  return texts;
}

// Strings only Amplify's Cognito code and zod carry, so their presence names the library.
const amplifyMarker = 'CognitoIdentityServiceProvider';
const zodMarker = '$ZodType';

it('loads neither Amplify nor zod on the landing page, and both on the login page', async () => {
  const landing = await scriptsLoadedBy('/');
  expect(landing.length).toBeGreaterThan(0);
  expect(
    landing.some((text) => text.includes(amplifyMarker)),
    'Amplify on the landing page',
  ).toBe(false);
  expect(
    landing.some((text) => text.includes(zodMarker)),
    'zod on the landing page',
  ).toBe(false);
  // The same check on a page that needs them finds them: the markers are real.
  const login = await scriptsLoadedBy('/login');
  expect(login.some((text) => text.includes(amplifyMarker))).toBe(true);
  expect(login.some((text) => text.includes(zodMarker))).toBe(true);
});

it('sends nothing to a third party from the login page, even on the load the device fingerprint library would report its use from', async () => {
  const context = await browser.newContext(firstMachine);
  // The library reports to its vendor when Math.random() < 0.001: make this load that one.
  await context.addInitScript(() => {
    Math.random = () => 0;
  });
  const page = await context.newPage();
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).hostname.match(/^(127\.0\.0\.1|localhost)$/)) elsewhere.push(request.url());
  });
  await page.goto(`${cloud.appUrl}/login`, { waitUntil: 'networkidle' });
  // The device is identified (and stored) once the page has run the library.
  await expect
    .poll(() => page.evaluate(() => Object.keys(window.localStorage).length), { timeout: browserPatience })
    .toBeGreaterThan(0);
  expect(elsewhere).toEqual([]);
  await context.close();
});

/** Chromium's console errors of a page (React reports a hydration mismatch there). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

it('takes over each pre-rendered page without a hydration mismatch, in light and dark, and it then answers clicks', async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ ...firstMachine, colorScheme });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    for (const path of staticPages) {
      await page.goto(`${cloud.appUrl}${path}`, { waitUntil: 'networkidle' });
      expect(await page.locator('h1').first().textContent(), path).toMatch(staticHeadings[path] as RegExp);
    }
    expect(errors, colorScheme).toEqual([]);
    // Hydrated: the contact form answers, which needs React.
    await page.goto(`${cloud.appUrl}/contact-us`, { waitUntil: 'networkidle' });
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('A question about fees.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.getByText('Thank you for contacting us. Your message has been sent.').count(), {
        timeout: browserPatience,
      })
      .toBe(1);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
    await context.close();
  }
});

it("leads a signed-in person from the dashboard's Support tile to Support, whose send links appear once an issue and details are given and carry them with the user id", async () => {
  const person = await confirmedUser(cloud, 'support');
  const { sub } = await signedIn(person);
  const page = await signedInTab(browser, cloud.appUrl, person, secondMachine);
  await page
    .getByRole('link', { name: /Support/ })
    .first()
    .click();
  await page.waitForURL(`${cloud.appUrl}/support`);
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: browserPatience }).toBe('Support');

  // The innermost section with that heading (the page's own section holds the dispute form too, with its own Details).
  const request = page.locator('section', { has: page.getByRole('heading', { name: 'Contact support' }) }).last();
  const sendByEmail = request.getByRole('link', { name: 'Send by email' });
  expect(await sendByEmail.count()).toBe(0);
  await request.getByLabel('Issue category').selectOption({ index: 2 });
  expect(await sendByEmail.count(), 'an issue without details').toBe(0);
  const category = await request.getByLabel('Issue category').inputValue();
  await request.getByLabel('Details').fill('Paid twice for contract 01HX');
  await expect.poll(() => sendByEmail.count(), { timeout: browserPatience }).toBe(1);

  const mail = decodeURIComponent((await sendByEmail.getAttribute('href')) ?? '');
  expect(mail).toMatch(/^mailto:support@escrow\.local\?/);
  expect(mail).toContain(category);
  expect(mail).toContain('Paid twice for contract 01HX');
  expect(mail).toContain(sub);
  const chat = decodeURIComponent((await request.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')) ?? '');
  expect(chat).toMatch(/^https:\/\/wa\.me\/2348000000000\?text=/);
  expect(chat).toContain(category);
  expect(chat).toContain(sub);
  await screenshot(page, 'support-send-links');

  // Emptying the details takes the buttons away again.
  await request.getByLabel('Details').fill('');
  await expect.poll(() => sendByEmail.count(), { timeout: browserPatience }).toBe(0);
  await page.context().close();
});

it('makes the links in running text tall enough for a finger on a phone (44 px), without changing the line they sit in', async () => {
  const page = await (await browser.newContext(secondMachine)).newPage();
  await page.goto(`${cloud.appUrl}/login`);
  for (const name of ['Forgot Password?', 'Sign Up']) {
    const link = page.getByRole('link', { name, exact: true });
    const box = await link.boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    // The sentence it sits in keeps the height of its text: the padding takes taps, not room.
    const line = await link.evaluate((a) => (a.parentElement as HTMLElement).getBoundingClientRect().height);
    expect(line, name).toBeLessThan(30);
  }
  await page.context().close();
});
